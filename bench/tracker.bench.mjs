// The tracker through its real HTTP API (Nest app, event store, projector, read models):
//  - recording a match (8 players with stats, concurrency 16, answered after read-your-writes)
//    against raw single-row autocommit INSERTs at the same concurrency; goal ≥ 0.5;
//  - GET /api/players/leaderboard with 1,000 players against a bare node:http server that
//    answers one pg query for the same rows on every request; goal ≥ 1.0.
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

async function startApp(url) {
  const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', PUBLIC_WRITES_PER_MINUTE: '100000' });
  const running = await createApp(config, { adminKey: 'bench-admin-key-123456', databaseUrl: url });
  await running.app.listen(0, '127.0.0.1');
  return { running, baseUrl: `http://127.0.0.1:${running.app.getHttpServer().address().port}` };
}

export async function benchRecordMatch(server, { total = 800 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_record_match');
  const { running, baseUrl } = await startApp(url);
  try {
    const raw = running.knex;
    await raw.raw('CREATE TABLE public.raw_inserts (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)');
    const data = JSON.stringify({ bench: true });
    const insert = (i) => raw.raw('INSERT INTO public.raw_inserts (stream, data) VALUES (?, ?::jsonb)', [`s-${i % 50}`, data]);
    const record = async (i) => {
      const res = await request(baseUrl, 'POST', '/api/matches', match(i, 400), { 'idempotency-key': randomUUID() });
      if (res.status !== 201) throw new Error(`record-match answered ${res.status}: ${res.body}`);
    };
    await measure(100, 16, insert);
    await measure(40, 16, (i) => record(100_000 + i));
    const baseline = await measure(total * 2, 16, insert);
    const ours = await measure(total, 16, record);
    const ratio = ours.opsPerSecond / baseline.opsPerSecond;
    console.log('\nRecord match (8 players with stats, answered after read-your-writes) vs raw INSERT, concurrency 16');
    console.log(row('raw single-row INSERT', baseline));
    console.log(row('POST /api/matches', ours));
    console.log(`  ratio: ${ratio.toFixed(2)}  (goal ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
    return { name: 'record-match', ratio, goal: 0.5, baseline, ours };
  } finally {
    await running.close();
  }
}

export async function benchLeaderboard(server, { requests = 2000, players = 1000 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_leaderboard');
  const { running, baseUrl } = await startApp(url);
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  let bare;
  try {
    // 1,000 players through the real command path: 125 matches of 8 distinct players, then more.
    await measure(players / 8, 8, async (i) => {
      const ids = Array.from({ length: 8 }, (_, k) => i * 8 + k);
      const body = { winningTeam: 'team1', team1: ids.slice(0, 4).map((id) => player(id, i)), team2: ids.slice(4).map((id) => player(id, i)) };
      const res = await request(baseUrl, 'POST', '/api/matches', body);
      if (res.status !== 201) throw new Error(`seeding answered ${res.status}: ${res.body}`);
    });
    await measure(200, 8, (i) => request(baseUrl, 'POST', '/api/matches', match(i, players)));
    const check = JSON.parse((await request(baseUrl, 'GET', '/api/players/leaderboard')).body);
    if (check.length !== players) throw new Error(`expected ${players} players on the board, got ${check.length}`);

    // The baseline: the same rows from one query, serialised on every request.
    const { rows: sample } = await pool.query(`SELECT * FROM read_models.ladder_players LIMIT 1`).catch(() => ({ rows: [] }));
    const table = sample.length ? 'read_models.ladder_players' : null;
    if (!table) throw new Error('the players read table was not found (read_models.ladder_players)');
    bare = http.createServer(async (_req, res) => {
      const { rows } = await pool.query(`SELECT * FROM ${table} WHERE merged_into IS NULL ORDER BY elo DESC, wins DESC, username, id`);
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${bare.address().port}`;

    const ours = () => request(baseUrl, 'GET', '/api/players/leaderboard');
    const baseline = () => request(bareUrl, 'GET', '/');
    await measure(100, 16, ours);
    await measure(100, 16, baseline);
    const baseResult = await measure(requests, 16, baseline);
    const ourResult = await measure(requests, 16, ours);
    const etag = (await new Promise((resolve) => http.get(baseUrl + '/api/players/leaderboard', { agent }, (res) => { res.resume(); resolve(res.headers.etag); })));
    const conditional = etag ? await measure(requests, 16, () => request(baseUrl, 'GET', '/api/players/leaderboard', undefined, { 'if-none-match': etag })) : null;
    const ratio = ourResult.opsPerSecond / baseResult.opsPerSecond;
    console.log(`\nGET /api/players/leaderboard with ${players} players vs a bare node:http server querying pg, concurrency 16`);
    console.log(row('bare node:http + one pg query per request', baseResult));
    console.log(row('GET /api/players/leaderboard (full body)', ourResult));
    if (conditional) console.log(row('GET /api/players/leaderboard (If-None-Match → 304)', conditional));
    console.log(`  ratio: ${ratio.toFixed(2)}  (goal ≥ 1.0: ${ratio >= 1 ? 'met' : 'NOT met'})`);
    return { name: 'leaderboard-1000', ratio, goal: 1.0, baseline: baseResult, ours: ourResult, conditional };
  } finally {
    bare?.close();
    await pool.end();
    await running.close();
  }
}
