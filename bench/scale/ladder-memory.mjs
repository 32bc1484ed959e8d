// The ladder state's memory and its restart snapshot, in-process (issue 44; docs/performance.md,
// "Scale curve"): the scale bench's ladder of MATCHES matches (bench/scale/seed.mjs: the
// ladder's decider and evolve, no database) is built, then measured after a full collection:
// heap used and RSS for the state, the snapshot's size and how long it takes to write, and in a
// second process, which holds only the snapshot as PostgreSQL hands it over, the load's time and
// the loaded state's heap and RSS.
//
//   node --expose-gc --max-old-space-size=6144 bench/scale/ladder-memory.mjs [matches=100000]
//
// Needs the built backend (npm run build). Prints one JSON line of figures at the end.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeState, deserializeState } from '../../backend/dist/ladder/ladder.snapshot.js';
import { decideLadder } from './seed.mjs';

const MB = 1024 * 1024;
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Heap used and RSS in MB after full collections (needs --expose-gc). */
function settled() {
  if (!globalThis.gc) throw new Error('Run with node --expose-gc');
  for (let i = 0; i < 4; i++) globalThis.gc();
  const { heapUsed, rss, arrayBuffers, external } = process.memoryUsage();
  return { heapMB: round(heapUsed / MB), rssMB: round(rss / MB), arrayBuffersMB: round(arrayBuffers / MB), externalMB: round(external / MB) };
}

/** CPU time (user and system) since `since`, in ms: less moved by other processes than the wall clock. */
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

const lineCount = (state) => {
  let lines = 0;
  for (const p of state.players.values()) lines += p.lines?.length ?? p.matchIds.length;
  return lines;
};

/**
 * The snapshot's parts as the store writes them: the text (JSON) and, from the binary
 * snapshot on, the line columns' bytes (a bytea, which PostgreSQL sends as hex text).
 */
function parts(serialized) {
  return typeof serialized === 'string' ? { state: serialized, lines: null } : serialized;
}

async function build(matches, dir) {
  const empty = settled();
  const started = process.hrtime.bigint();
  const { state } = await decideLadder(matches, { log: (m) => process.stderr.write(`${m}\n`) });
  const buildS = Number(process.hrtime.bigint() - started) / 1e9;
  const folded = settled();
  const writeStart = process.hrtime.bigint();
  const writeCpu = process.cpuUsage();
  const snapshot = parts(serializeState(state));
  const serializeMs = Number(process.hrtime.bigint() - writeStart) / 1e6;
  const serializeCpuMs = cpuMs(writeCpu);
  writeFileSync(join(dir, 'state.txt'), snapshot.state);
  // As node-postgres receives a bytea in text mode: \x and two hex digits a byte.
  if (snapshot.lines) writeFileSync(join(dir, 'lines.hex'), `\\x${Buffer.from(snapshot.lines.buffer, snapshot.lines.byteOffset, snapshot.lines.byteLength).toString('hex')}`);
  return {
    players: state.players.size,
    lines: lineCount(state),
    buildS: round(buildS),
    empty,
    folded,
    stateHeapMB: round(folded.heapMB - empty.heapMB),
    stateRssMB: round(folded.rssMB - empty.rssMB),
    serializeMs: round(serializeMs),
    serializeCpuMs: round(serializeCpuMs),
    snapshotTextMB: round(Buffer.byteLength(snapshot.state) / MB),
    snapshotBinaryMB: snapshot.lines ? round(snapshot.lines.byteLength / MB) : 0,
  };
}

function load(dir) {
  const empty = settled();
  let text = readFileSync(join(dir, 'state.txt'), 'utf8');
  let hex = existsSync(join(dir, 'lines.hex')) ? readFileSync(join(dir, 'lines.hex'), 'latin1') : null;
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  // node-postgres's bytea parser: the hex text to a Buffer.
  let lines = hex === null ? null : Buffer.from(hex.slice(2), 'hex');
  const decodedAt = process.hrtime.bigint();
  const state = lines === null ? deserializeState(text) : deserializeState({ state: text, lines });
  const loadMs = Number(process.hrtime.bigint() - started) / 1e6;
  const loadCpuMs = cpuMs(cpu);
  const hexDecodeMs = Number(decodedAt - started) / 1e6;
  // While the snapshot as received is still held: the load's peak.
  const during = settled();
  text = hex = lines = null;
  const loaded = settled();
  return {
    players: state.players.size,
    lines: lineCount(state),
    loadMs: round(loadMs),
    loadCpuMs: round(loadCpuMs),
    hexDecodeMs: round(hexDecodeMs),
    empty,
    during,
    loaded,
    stateHeapMB: round(loaded.heapMB - empty.heapMB),
    stateRssMB: round(loaded.rssMB - empty.rssMB),
  };
}

const [mode, arg, dirArg] = process.argv.slice(2);
if (mode === '--load') {
  process.stdout.write(`${JSON.stringify(load(arg))}\n`);
} else if (mode === '--build') {
  process.stdout.write(`${JSON.stringify(await build(Number(arg), dirArg))}\n`);
} else {
  const matches = Number(mode ?? 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'ladder-memory-'));
  const self = fileURLToPath(import.meta.url);
  const run = (...args) => {
    const child = spawnSync(process.execPath, [...process.execArgv, self, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MB });
    if (child.status !== 0) throw new Error(`${args[0]} failed (${child.status ?? child.signal})`);
    return JSON.parse(child.stdout.trim().split('\n').at(-1));
  };
  try {
    // Each in its own process: RSS seldom shrinks once the heap has grown.
    const folded = run('--build', String(matches), dir);
    const loaded = run('--load', dir);
    process.stdout.write(`${JSON.stringify({ matches, node: process.version, folded, loaded })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
