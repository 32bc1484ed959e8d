// Time travel on the 100,000-match log: GET /api/players/leaderboard?asOf= at a position in the
// middle and one near the end, against the live GET /api/players/leaderboard in the same run,
// both at concurrency 16 through the real HTTP API. Goal: asOf rate ≥ 0.25 of the live rate.
// Also reported: how long keeping the snapshots up takes from an empty table, and one cold read
// (not cached: the nearest kept snapshot plus the events after it) at either point.
import http from 'node:http';
import knexFactory from 'knex';
import { readModelProjections, rebuildReadModels, migrateReadModels } from '../projections/dist/index.js';
import { loadConfig } from '../backend/dist/config.js';
import { createApp } from '../backend/dist/app.js';
import { createKnex } from '../backend/dist/infrastructure/database.js';
import { PgNotifications } from '../backend/dist/infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../backend/dist/event-store/postgres/postgres-event-store.js';
import { LadderTimeTravel } from '../backend/dist/tracker/time-travel/ladder-time-travel.js';
import { LadderRepository } from '../backend/dist/ladder/runtime/ladder.repository.js';
import { seed } from './rebuild.bench.mjs';
import { createDatabase, fmt, measure, row } from './lib.mjs';

const MATCHES = Number(process.env.BENCH_REBUILD_MATCHES ?? 100_000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(baseUrl, path) {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl + path, { agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${path} answered ${res.statusCode}: ${Buffer.concat(chunks)}`));
          else resolve(Buffer.concat(chunks));
        });
      })
      .on('error', reject);
  });
}

async function timed(work) {
  const started = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

export async function benchTimeTravel(server, { requests = 2000 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_time_travel');
  const knex = createKnex(url, 6);
  const notifications = new PgNotifications(url);
  let running;
  try {
    await PostgresEventStore.migrate(knex);
    await migrateReadModels(knex, readModelProjections);
    const store = new PostgresEventStore(knex, notifications);
    await seed(store);
    await rebuildReadModels({ liveKnex: knex, openKnex: (searchPath) => createKnex(url, 4, 'bench-rebuild', searchPath), reader: store, projections: readModelProjections });
    const head = await store.headPosition();

    const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent' });
    const keptUp = await timed(async () => {
      running = await createApp(config, { adminKey: 'bench-admin-key-0123456789abcdef', databaseUrl: url });
      await running.app.get(LadderTimeTravel).whenKeptUp();
    });
    await running.app.get(LadderRepository).read(() => undefined);
    await running.app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${running.app.getHttpServer().address().port}`;
    const travel = running.app.get(LadderTimeTravel);
    const kept = await knex('public.ladder_time_travel_snapshots').count({ n: '*' }).first();
    const size = await knex.raw(`SELECT pg_total_relation_size('public.ladder_time_travel_snapshots') AS bytes`);

    // Off the snapshot boundaries, so each cold read folds events after its snapshot.
    const middle = Math.floor(head / 2) + 777;
    const nearEnd = head - 1234;
    const cold = {};
    for (const [name, position] of [['middle', middle], ['nearEnd', nearEnd]]) {
      const { ms } = await timed(() => get(baseUrl, `/api/players/leaderboard?asOf=${position}`));
      cold[name] = { position, ms, ...travel.lastFold };
    }

    const live = () => get(baseUrl, '/api/players/leaderboard');
    const asOf = (i) => get(baseUrl, `/api/players/leaderboard?asOf=${i % 2 ? middle : nearEnd}`);
    await measure(100, 16, live);
    await measure(100, 16, asOf);
    const liveResult = await measure(requests, 16, live);
    const asOfResult = await measure(requests, 16, asOf);
    const ratio = asOfResult.opsPerSecond / liveResult.opsPerSecond;

    console.log(`\nTime travel on ${fmt(MATCHES)} matches (head position ${fmt(head)}), concurrency 16`);
    console.log(`  snapshots kept up from an empty table at start: ${(keptUp.ms / 1000).toFixed(1)} s, ${kept.n} kept, ${fmt(size.rows[0].bytes / 1048576, 1)} MiB`);
    for (const [name, c] of Object.entries(cold)) {
      console.log(`  cold asOf ${name.padEnd(8)} (position ${fmt(c.position)}): ${fmt(c.ms, 1)} ms, from the snapshot at ${fmt(c.fromPosition)} + ${fmt(c.eventsRead)} events`);
    }
    console.log(row('GET /api/players/leaderboard (live)', liveResult));
    console.log(row('GET …/leaderboard?asOf= (middle, near end)', asOfResult));
    console.log(`  ratio: ${ratio.toFixed(2)}  (goal ≥ 0.25: ${ratio >= 0.25 ? 'met' : 'NOT met'})`);
    return { name: 'time-travel-asof', ratio, goal: 0.25, baseline: liveResult, ours: asOfResult, cold, keptUpSeconds: keptUp.ms / 1000, keptSnapshots: Number(kept.n) };
  } finally {
    await running?.close();
    await notifications.close();
    await knex.destroy();
  }
}
