// The tracker through its real HTTP API (Nest app, event store, projector, read models):
//  - recording a match (8 players with stats, concurrency 16, answered after read-your-writes)
//    against raw single-row autocommit INSERTs at the same concurrency; goal ≥ 0.5;
//  - GET /api/players/leaderboard with 1,000 players against a bare node:http server that
//    answers one pg query for the same rows on every request (goal ≥ 1.0), and against a bare
//    node:http server answering the same bytes from memory, the ceiling of a cached read (goal ≥ 0.8).
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import pg from 'pg';
import { loadConfig } from '../backend/dist/config.js';
import { createApp } from '../backend/dist/app.js';
import { createDatabase, measure, row } from './lib.mjs';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A plain HTTP call without compression (fetch would ask for gzip). */
function request(baseUrl, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      baseUrl + path,
      { method, agent, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

function player(id, i) {
  return {
    discordId: `bench-${id}`,
    username: `Bench Player ${id}`,
    kills: 5 + ((id * 7 + i) % 20),
    deaths: 3 + ((id * 3 + i) % 15),
    assists: (id + i) % 10,
    score: 1000 + ((id * 13 + i) % 2000),
  };
}

function match(i, pool) {
  const ids = Array.from({ length: 8 }, (_, k) => (i * 8 + k * 37) % pool);
  // Eight distinct players per match.
  const unique = [...new Set(ids)];
  for (let n = 0; unique.length < 8; n++) if (!unique.includes(n)) unique.push(n);
  return {
    modeId: null,
    winningTeam: i % 2 ? 'team1' : 'team2',
    team1: unique.slice(0, 4).map((id) => player(id, i)),
    team2: unique.slice(4, 8).map((id) => player(id, i)),
  };
}

async function startApp(url, env = {}) {
  const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', PUBLIC_WRITES_PER_MINUTE: '100000', ...env });
  const running = await createApp(config, { adminKey: 'bench-admin-key-0123456789abcdef', databaseUrl: url });
  await running.app.listen(0, '127.0.0.1');
  return { running, baseUrl: `http://127.0.0.1:${running.app.getHttpServer().address().port}` };
}

/** Runs `operation` like `measure` and adds this process's CPU time per operation (client and server both run here). */
async function measureWithCpu(total, concurrency, operation) {
  const cpu = process.cpuUsage();
  const result = await measure(total, concurrency, operation);
  const used = process.cpuUsage(cpu);
  return { ...result, cpuMsPerRequest: (used.user + used.system) / 1000 / total };
}

export async function benchRecordMatch(server, { total = 800 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_record_match');
  const { running, baseUrl } = await startApp(url);
  // The same app with INLINE_PROJECTION=off: the projector's loop applies each batch after its commit.
  const loopUrl = await createDatabase(knexFactory, server.url, 'bench_record_match_loop');
  const loop = await startApp(loopUrl, { INLINE_PROJECTION: 'off' });
  let bare = null;
  try {
    const raw = running.knex;
    await raw.raw('CREATE TABLE public.raw_inserts (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)');
    const data = JSON.stringify({ bench: true });
    const insert = (i) => raw.raw('INSERT INTO public.raw_inserts (stream, data) VALUES (?, ?::jsonb)', [`s-${i % 50}`, data]);
    const recordAt = (base) => async (i) => {
      const res = await request(base, 'POST', '/api/matches', match(i, 400), { 'idempotency-key': randomUUID() });
      if (res.status !== 201) throw new Error(`record-match answered ${res.status}: ${res.body}`);
    };
    const record = recordAt(baseUrl);
    const recordByLoop = recordAt(loop.baseUrl);
    // What any acknowledged write over HTTP costs here: a bare node:http server that parses the
    // same match body and answers after one autocommit INSERT, on the same pool. It keeps no log,
    // rates nothing and has no read side: the floor under which no HTTP write path can go.
    bare = await listen((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', async () => {
        const body = JSON.parse(Buffer.concat(chunks));
        await insert(body.team1.length);
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    const bareWrite = async (i) => {
      const res = await request(bare.url, 'POST', '/', match(i, 400));
      if (res.status !== 201) throw new Error(`the bare server answered ${res.status}`);
    };
    await measure(100, 16, insert);
    await measure(100, 16, bareWrite);
    await measure(40, 16, (i) => record(100_000 + i));
    await measure(40, 16, (i) => recordByLoop(100_000 + i));
    // Inline against the loop first, while the two databases hold the same matches. Interleaved
    // rounds: a burst of the machine's noise lands on both sides of each ratio.
    const [inline, byLoop] = await interleaved(total, 16, 4, (i) => record(200_000 + i), recordByLoop);
    // One at a time: what a recorder waits for, with no batch to share a commit with.
    const [inlineAlone, byLoopAlone] = await interleaved(total / 4, 1, 4, (i) => record(300_000 + i), (i) => recordByLoop(300_000 + i));
    const baseline = await measureWithCpu(total * 2, 16, insert);
    const [ours, floor] = await interleaved(total, 16, 4, record, bareWrite);
    const ratio = ours.opsPerSecond / baseline.opsPerSecond;
    const ratioFloor = ours.opsPerSecond / floor.opsPerSecond;
    const cpu = (m) => `${(m.cpuMsPerRequest * 1000).toFixed(0)} µs of this process's CPU each`;
    console.log('\nRecord match (8 players with stats, answered after read-your-writes) vs raw INSERT, concurrency 16');
    console.log(row('raw single-row INSERT', baseline), ` ${cpu(baseline)}`);
    console.log(row('bare node:http POST + one INSERT', floor), ` ${cpu(floor)}`);
    console.log(row('POST /api/matches', ours), ` ${cpu(ours)}`);
    console.log(`  ratio to a bare HTTP write: ${ratioFloor.toFixed(2)}  (interleaved; the bare HTTP write is ${(floor.opsPerSecond / baseline.opsPerSecond).toFixed(2)} of raw INSERT)`);
    console.log(`  ratio: ${ratio.toFixed(2)}  (goal ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
    console.log(row('POST /api/matches, inline projection', inline), ` ${cpu(inline)}`);
    console.log(row('POST /api/matches, INLINE_PROJECTION=off', byLoop), ` ${cpu(byLoop)}`);
    console.log(`  inline projection against the projector's loop: ${(inline.opsPerSecond / byLoop.opsPerSecond).toFixed(2)}× the rate, ${(inline.cpuMsPerRequest / byLoop.cpuMsPerRequest).toFixed(2)}× the CPU (interleaved)`);
    console.log(row('  the same one at a time, inline', inlineAlone), ` ${cpu(inlineAlone)}`);
    console.log(row('  the same one at a time, INLINE_PROJECTION=off', byLoopAlone), ` ${cpu(byLoopAlone)}`);
    console.log(`  one at a time: ${(inlineAlone.opsPerSecond / byLoopAlone.opsPerSecond).toFixed(2)}× the rate, p50 ${inlineAlone.p50.toFixed(2)} against ${byLoopAlone.p50.toFixed(2)} ms`);
    return {
      name: 'record-match',
      ratio,
      goal: 0.5,
      baseline,
      ours,
      bareHttpWrite: floor,
      ratioToBareHttpWrite: ratioFloor,
      inlineProjection: inline,
      projectorLoop: byLoop,
      inlineToLoop: inline.opsPerSecond / byLoop.opsPerSecond,
      oneAtATime: { inline: inlineAlone, projectorLoop: byLoopAlone },
    };
  } finally {
    bare?.server.close();
    await loop.running.close();
    await running.close();
  }
}

/**
 * Runs `a` and `b` in alternating rounds (each first every other round) and sums each one's time: on a shared machine a burst
 * of noise then lands on both sides instead of on whichever happened to run at that moment.
 * Also counts this process's CPU time per request (client and server both run here), which other
 * processes on the machine disturb far less than the rate.
 */
async function interleaved(total, concurrency, rounds, a, b) {
  const per = Math.ceil(total / rounds);
  const runs = { a: [], b: [] };
  const timed = async (operation) => {
    const cpu = process.cpuUsage();
    const result = await measure(per, concurrency, operation);
    const used = process.cpuUsage(cpu);
    return { ...result, cpuMs: (used.user + used.system) / 1000 };
  };
  for (let r = 0; r < rounds; r++) {
    // Each goes first every other round: what running second costs (a warmer cache, a busier
    // database) lands on both.
    if (r % 2 === 0) {
      runs.a.push(await timed(a));
      runs.b.push(await timed(b));
    } else {
      runs.b.push(await timed(b));
      runs.a.push(await timed(a));
    }
  }
  const combine = (list) => ({
    opsPerSecond: (per * list.length) / list.reduce((sum, m) => sum + per / m.opsPerSecond, 0),
    p50: median(list.map((m) => m.p50)),
    p99: Math.max(...list.map((m) => m.p99)),
    cpuMsPerRequest: list.reduce((sum, m) => sum + m.cpuMs, 0) / (per * list.length),
  });
  return [combine(runs.a), combine(runs.b)];
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

function listen(handler) {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

/**
 * GET /api/players/leaderboard (1,000 players) against two bare node:http servers in the same
 * run: one that runs the board's query and serialises it on every request (what a read costs
 * without a cache; goal ≥ 1.0), and one that answers the very same bytes from memory (the ceiling
 * of a cached read: no routing, no headers beyond the content type; goal ≥ 0.8).
 */
export async function benchLeaderboard(server, { requests = 4000, players = 1000 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_leaderboard');
  const { running, baseUrl } = await startApp(url);
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  const bare = [];
  try {
    // 1,000 players through the real command path: 125 matches of 8 distinct players, then more.
    await measure(players / 8, 8, async (i) => {
      const ids = Array.from({ length: 8 }, (_, k) => i * 8 + k);
      const body = { winningTeam: 'team1', team1: ids.slice(0, 4).map((id) => player(id, i)), team2: ids.slice(4).map((id) => player(id, i)) };
      const res = await request(baseUrl, 'POST', '/api/matches', body);
      if (res.status !== 201) throw new Error(`seeding answered ${res.status}: ${res.body}`);
    });
    await measure(200, 8, (i) => request(baseUrl, 'POST', '/api/matches', match(i, players)));
    const board = await request(baseUrl, 'GET', '/api/players/leaderboard');
    const check = JSON.parse(board.body);
    if (check.length !== players) throw new Error(`expected ${players} players on the board, got ${check.length}`);

    // Baseline 1: the same rows from one query, serialised on every request.
    const queried = await listen(async (_req, res) => {
      const { rows } = await pool.query(`SELECT * FROM read_models.ladder_players WHERE merged_into IS NULL ORDER BY elo DESC, wins DESC, username, id`);
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    // Baseline 2 (the ceiling): the bytes our API answered, from memory.
    const bytes = board.body;
    const ceiling = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
    bare.push(queried.server, ceiling.server);

    const ours = () => request(baseUrl, 'GET', '/api/players/leaderboard');
    const fromPg = () => request(queried.url, 'GET', '/');
    const fromMemory = () => request(ceiling.url, 'GET', '/');
    for (const warm of [ours, fromPg, fromMemory]) await measure(200, 16, warm);
    const [pgResult, oursVsPg] = await interleaved(requests / 2, 16, 2, fromPg, ours);
    const [ceilingResult, ourResult] = await interleaved(requests, 16, 8, fromMemory, ours);
    const etag = (await new Promise((resolve) => http.get(baseUrl + '/api/players/leaderboard', { agent }, (res) => { res.resume(); resolve(res.headers.etag); })));
    if (!etag) throw new Error('the leaderboard answered without an ETag');
    const conditional = await measure(requests, 16, async () => {
      const res = await request(baseUrl, 'GET', '/api/players/leaderboard', undefined, { 'if-none-match': etag });
      if (res.status !== 304) throw new Error(`If-None-Match answered ${res.status}, not 304`);
    });
    const ratioPg = oursVsPg.opsPerSecond / pgResult.opsPerSecond;
    const ratioCeiling = ourResult.opsPerSecond / ceilingResult.opsPerSecond;
    console.log(`\nGET /api/players/leaderboard with ${players} players (${(bytes.length / 1024).toFixed(0)} KiB), concurrency 16`);
    console.log(row('bare node:http + one pg query per request', pgResult));
    console.log(row('GET /api/players/leaderboard (same rounds)', oursVsPg));
    console.log(`  ratio: ${ratioPg.toFixed(2)}  (goal ≥ 1.0: ${ratioPg >= 1 ? 'met' : 'NOT met'})`);
    console.log(row('bare node:http, the same bytes from memory', ceilingResult));
    console.log(row('GET /api/players/leaderboard (same rounds)', ourResult));
    console.log(row('GET /api/players/leaderboard (If-None-Match → 304)', conditional));
    const cpuRatio = ceilingResult.cpuMsPerRequest / ourResult.cpuMsPerRequest;
    console.log(`  CPU of this process per request (bench client included): ${(ceilingResult.cpuMsPerRequest * 1000).toFixed(0)} µs from memory, ${(ourResult.cpuMsPerRequest * 1000).toFixed(0)} µs ours (ratio ${cpuRatio.toFixed(2)}, less disturbed by other load)`);
    console.log(`  ratio to the ceiling: ${ratioCeiling.toFixed(2)}  (goal ≥ 0.8: ${ratioCeiling >= 0.8 ? 'met' : 'NOT met'})`);
    return [
      { name: 'leaderboard-1000', ratio: ratioPg, goal: 1.0, baselineName: 'node:http + one pg query', baseline: pgResult, ours: oursVsPg },
      { name: 'leaderboard-1000-ceiling', ratio: ratioCeiling, goal: 0.8, baselineName: 'node:http, same bytes from memory', baseline: ceilingResult, ours: ourResult, cpuRatio, conditional },
    ];
  } finally {
    for (const server of bare) server.close();
    await pool.end();
    await running.close();
  }
}
