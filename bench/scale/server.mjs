// The scale curve's server: the built `npm start` entry (backend/dist/main.js) as a child process
// on the ladder's database, a keep-alive HTTP client for it, timed loops, and the process's
// resident memory and CPU time from /proc.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT_SERVER = path.join(root, 'backend/dist/main.js');
/** The line main.ts prints once it listens, with the port the system gave it. */
const LISTENING = /Team site running at http:\/\/localhost:(\d+)/;
export const BENCH_ADMIN_KEY = 'scale-bench-admin-key-0123456789abcdef';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request without compression; resolves with the status, headers and the body's bytes. */
export function call(baseUrl, method, urlPath, { json, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    const req = http.request(
      baseUrl + urlPath,
      { method, agent, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** `call` that throws unless the answer has `status`. */
export async function expectStatus(status, baseUrl, method, urlPath, options) {
  const res = await call(baseUrl, method, urlPath, options);
  if (res.status !== status) throw new Error(`${method} ${urlPath} answered ${res.status}, not ${status}: ${res.body.toString('utf8').slice(0, 300)}`);
  return res;
}

/**
 * Runs `operation` from `concurrency` workers for `ms` (after `warmup` untimed calls) and gives
 * the latency percentiles in milliseconds, the count and the rate.
 */
export async function timedLoop(ms, concurrency, operation, { warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) await operation(-1 - i);
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        await operation(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length, perSecond: latencies.length / seconds };
}

/** Milliseconds `work` took, and what it gave. */
export async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** VmRSS of a process in MB (10^6 bytes), from /proc. */
export function residentMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return (kb * 1024) / 1e6;
}

/** CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat; the split drops the first two.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Starts the built server on `databaseUrl`. Resolves once it prints the port it listens on, with
 * the base URL, the child, the time from spawn to listening and a stop function.
 */
export async function startServer(databaseUrl, { env = {}, readyWithinMs = 600_000 } = {}) {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: build first (npx tsc -b).`);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ADMIN_KEY: BENCH_ADMIN_KEY,
      HOST: '127.0.0.1',
      PORT: '0',
      STATIC_DIR: 'none',
      LOG_LEVEL: 'error',
      PUBLIC_WRITES_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(signal ?? code)));
  const baseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within ${readyWithinMs} ms:\n${output}`)), readyWithinMs);
    const keep = (chunk) => {
      output = (output + chunk.toString('utf8')).slice(-8000);
      const port = LISTENING.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${how}) before it listened:\n${output}`));
    });
  });
  return {
    baseUrl,
    pid: child.pid,
    spawnedAt,
    listenedMs: performance.now() - spawnedAt,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Waits until the server's background work is done: its CPU use stays under 10% of one core
 * for `quietMs` and `check()` (if given) holds. Gives the ms waited.
 */
export async function untilQuiet(pid, { quietMs = 1500, check = async () => true, limitMs = 900_000 } = {}) {
  const started = performance.now();
  let quietSince = null;
  let lastCpu = cpuMs(pid);
  let lastAt = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const cpu = cpuMs(pid);
    const now = performance.now();
    const busy = (cpu - lastCpu) / (now - lastAt);
    lastCpu = cpu;
    lastAt = now;
    if (busy > 0.1) quietSince = null;
    else quietSince ??= now;
    if (quietSince !== null && now - quietSince >= quietMs && (await check())) return now - started - quietMs;
    if (now - started > limitMs) throw new Error(`the server was still busy after ${limitMs} ms`);
  }
}
