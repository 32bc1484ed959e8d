// `node bench/import.bench.mjs [matches]` (after `npm run build`): an import of N generated
// matches (default 10,000; 4 v 4, so 80,000 CSV rows) through POST /api/admin/import, beside
// recording the same matches one request at a time with POST /api/matches, each on a fresh
// database. Uses TEST_PG_SERVER_URL when set, else an embedded PostgreSQL.
import { pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import { loadConfig } from '../backend/dist/config.js';
import { createApp } from '../backend/dist/app.js';
import { MATCH_CSV_HEADER, importCsvRows } from '../contracts/dist/index.js';
import { createDatabase, fmt, withEmbeddedPostgres } from './lib.mjs';

const total = Number(process.argv[2] ?? 10_000);
const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';

function match(i) {
  const ids = [];
  for (let k = 0; ids.length < 8; k++) {
    const id = (i * 11 + k * 37) % 120;
    if (!ids.includes(id)) ids.push(id);
  }
  const line = (id) => ({ discordId: String(300_000 + id), username: `Player ${id}`, kills: 5 + ((id + i) % 20), deaths: 3 + ((id * 3 + i) % 15), assists: (id + i) % 9, score: 1000 + ((id * 13 + i) % 2000) });
  return {
    matchKey: `bench-${i}`,
    playedAt: new Date(Date.UTC(2020, 0, 1) + i * 600_000).toISOString(),
    mode: null,
    winningTeam: i % 3 ? 'team1' : 'team2',
    team1Score: null,
    team2Score: null,
    team1: ids.slice(0, 4).map(line),
    team2: ids.slice(4).map(line),
  };
}

async function startApp(url) {
  const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', PUBLIC_WRITES_PER_MINUTE: '100000' });
  const running = await createApp(config, { adminKey: ADMIN_KEY, databaseUrl: url });
  await running.app.listen(0, '127.0.0.1');
  return { running, baseUrl: `http://127.0.0.1:${running.app.getHttpServer().address().port}` };
}

async function run(serverUrl) {
  const matches = Array.from({ length: total }, (_, i) => match(i));
  const csv = MATCH_CSV_HEADER + matches.map(importCsvRows).join('');
  console.log(`${fmt(total)} matches, ${fmt(total * 8)} CSV rows, ${fmt(csv.length / 1024 / 1024, 1)} MB`);

  const importApp = await startApp(await createDatabase(knexFactory, serverUrl, 'bench_import_file'));
  let importMs;
  try {
    const started = Date.now();
    const response = await fetch(`${importApp.baseUrl}/api/admin/import`, {
      method: 'POST',
      headers: { 'x-admin-key': ADMIN_KEY, 'x-file-name': 'bench.csv', 'content-type': 'text/csv' },
      body: csv,
    });
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    let last = null;
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines.filter(Boolean)) {
        last = JSON.parse(line);
        process.stdout.write(`\r  import: ${last.done}/${last.total} (${Math.floor((last.done / last.total) * 100)}%)`);
      }
    }
    importMs = Date.now() - started;
    process.stdout.write('\n');
    if (last?.type !== 'done') throw new Error(`The import did not finish: ${JSON.stringify(last)}`);
  } finally {
    await importApp.running.close();
  }

  const httpApp = await startApp(await createDatabase(knexFactory, serverUrl, 'bench_import_http'));
  let httpMs;
  try {
    const started = Date.now();
    for (const [i, { matchKey: _k, playedAt: _p, mode: _m, ...body }] of matches.entries()) {
      const response = await fetch(`${httpApp.baseUrl}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status !== 201) throw new Error(`match ${i}: ${response.status} ${await response.text()}`);
      if (i % 250 === 0) process.stdout.write(`\r  one request at a time: ${i}/${total}`);
    }
    httpMs = Date.now() - started;
    process.stdout.write('\n');
  } finally {
    await httpApp.running.close();
  }

  console.log(`import of the file:        ${fmt(importMs / 1000, 1)} s (${fmt(total / (importMs / 1000))} matches/s)`);
  console.log(`one POST /api/matches each: ${fmt(httpMs / 1000, 1)} s (${fmt(total / (httpMs / 1000))} matches/s)`);
  console.log(`ratio: the import takes ${fmt(importMs / httpMs, 2)}× the time of the requests`);
}

/** In `npm run bench` (`BENCH=import` alone): prints its figures, which have no same-run goal. */
export async function benchImport(server) {
  await run(server.url);
  return [];
}

// Run by itself (`node bench/import.bench.mjs`); imported by scripts/bench.mjs, it waits for its turn
// (it ran on import before, whatever BENCH said: 3 minutes of every filtered bench run).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.env.TEST_PG_SERVER_URL) await run(process.env.TEST_PG_SERVER_URL);
  else await withEmbeddedPostgres((server) => run(server.url));
}
