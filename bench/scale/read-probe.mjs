// The scale curve's slow reads on a ladder already built (docs/performance.md, "Scale curve"):
// starts the built server on DATABASE_URL, waits until it is idle (a first start keeps its
// snapshots), then times REQUESTS (50) of each read one at a time on a keep-alive client and
// prints the p50 and p99 in ms as JSON. A quick before/after for a fix, not the bench's figures.
//   DATABASE_URL=… node bench/scale/read-probe.mjs <busiest player id> <second busiest id>
import { percentile } from '../lib.mjs';
import { BENCH_ADMIN_KEY, expectStatus, startServer, untilQuiet } from './server.mjs';

const [busiest, second] = process.argv.slice(2).map(Number);
const requests = Number(process.env.REQUESTS ?? 50);
if (!process.env.DATABASE_URL || !Number.isInteger(busiest) || !Number.isInteger(second)) {
  console.error('usage: DATABASE_URL=… node bench/scale/read-probe.mjs <busiest player id> <second busiest id>');
  process.exit(2);
}

const admin = { 'x-admin-key': BENCH_ADMIN_KEY };
const reads = {
  'profile history (busiest player)': [`/api/players/${busiest}/matches`],
  'compare (two busiest players)': [`/api/players/compare?a=${busiest}&b=${second}`],
  'head-to-head (busiest player)': [`/api/players/${busiest}/head-to-head`],
  'audit log, first page': ['/api/admin/events?limit=50', admin],
  'audit log, last page': ['/api/admin/events?limit=50&before=51', admin],
};

const server = await startServer(process.env.DATABASE_URL);
try {
  await untilQuiet(server.pid, { quietMs: 3000 });
  const figures = {};
  for (const [label, [urlPath, headers]] of Object.entries(reads)) {
    for (let i = 0; i < 3; i++) await expectStatus(200, server.baseUrl, 'GET', urlPath, { headers });
    const times = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await expectStatus(200, server.baseUrl, 'GET', urlPath, { headers });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    figures[label] = { p50: Number(percentile(times, 50).toFixed(2)), p99: Number(percentile(times, 99).toFixed(2)) };
    console.error(`${label.padEnd(34)} p50 ${figures[label].p50} ms  p99 ${figures[label].p99} ms`);
  }
  console.log(JSON.stringify(figures));
} finally {
  await server.stop();
}
