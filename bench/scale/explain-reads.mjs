// EXPLAIN (ANALYZE, BUFFERS) of every statement the scale curve's slow reads run (docs/performance.md,
// "Scale curve"): the profile history, compare's matches between two players, head-to-head and the
// audit log's last page with its names, each run once through the read models' own query functions
// (the statements are caught from knex's `query` event) and then explained with the same bindings.
//   DATABASE_URL=… node bench/scale/explain-reads.mjs <busiest player id> <second busiest id> [ONLY]
// Prints each statement's plan with its buffers and timing; ONLY limits it to reads whose name has it.
import { headToHead, matchesBetween, playerMatchHistory } from '../../projections/dist/index.js';
import { createKnex } from '../../backend/dist/infrastructure/database.js';
import { PostgresAuditLog, parseAuditFilter } from '../../backend/dist/audit/list-events/list-events.query.js';
import { nameAuditPage } from '../../backend/dist/audit/list-events/event-names.js';

const [busiest, second] = process.argv.slice(2, 4).map(Number);
const only = process.argv[4] ?? '';
const knex = createKnex(process.env.DATABASE_URL, 2);

const reads = {
  'profile history': () => playerMatchHistory(knex, busiest),
  'matches between (compare)': () => matchesBetween(knex, busiest, second),
  'head-to-head': () => headToHead(knex, busiest),
  'audit log, last page': async () => nameAuditPage(knex, await new PostgresAuditLog(knex).list(parseAuditFilter({ limit: '50', before: '51' }))),
};

try {
  for (const [name, read] of Object.entries(reads)) {
    if (!name.includes(only)) continue;
    const statements = [];
    const keep = (query) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
    knex.on('query', keep);
    const started = performance.now();
    await read();
    const ms = performance.now() - started;
    knex.off('query', keep);
    console.log(`\n=== ${name}: ${statements.length} statements, ${ms.toFixed(1)} ms through the query function`);
    for (const { sql, bindings } of statements) {
      // The statement as sent ($1, $2…), on a connection of the pool.
      const connection = await knex.client.acquireConnection();
      const plan = await connection.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bindings).finally(() => knex.client.releaseConnection(connection));
      console.log(`--- ${sql.replace(/\s+/g, ' ').slice(0, 160)}… (${bindings.length} bindings)`);
      for (const row of plan.rows) console.log(row['QUERY PLAN'].slice(0, 220));
    }
  }
} finally {
  await knex.destroy();
}
