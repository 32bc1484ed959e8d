// Appends to the event store against raw single-row autocommit INSERTs into a plain table,
// on the same database in the same run. Goal: at concurrency 16, our append rate ≥ 0.5 × raw.
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { createKnex } from '../backend/dist/infrastructure/database.js';
import { PgNotifications } from '../backend/dist/infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../backend/dist/event-store/postgres/postgres-event-store.js';
import { createDatabase, measure, row } from './lib.mjs';

export async function benchEventStore(server, { total = 4000 } = {}) {
  const url = await createDatabase(knexFactory, server.url, 'bench_event_store');
  const knex = createKnex(url, 20);
  const notifications = new PgNotifications(url);
  try {
    await PostgresEventStore.migrate(knex);
    await knex.raw('CREATE TABLE raw_inserts (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)');
    const store = new PostgresEventStore(knex, notifications);
    const context = { correlationId: randomUUID(), actor: 'system', recordedAt: new Date() };
    const data = { matchId: 1, players: [1, 2, 3, 4, 5, 6, 7, 8], note: 'benchmark' };

    const raw = (i) => knex.raw('INSERT INTO raw_inserts (stream, data) VALUES (?, ?::jsonb)', [`s-${i % 50}`, JSON.stringify(data)]);
    const append = (i) => store.append(`s-${i % 50}`, [{ id: randomUUID(), type: 'Benchmarked', data }], 'any', context);

    // Warm up both paths (connections, plans) before measuring.
    await measure(200, 16, raw);
    await measure(200, 16, append);
    const results = {
      raw1: await measure(total / 4, 1, raw),
      ours1: await measure(total / 4, 1, append),
      raw16: await measure(total, 16, raw),
      ours16: await measure(total, 16, append),
    };
    const ratio16 = results.ours16.opsPerSecond / results.raw16.opsPerSecond;
    const ratio1 = results.ours1.opsPerSecond / results.raw1.opsPerSecond;
    console.log('\nEvent store append (one event per append) vs raw autocommit INSERT, same database, same run');
    console.log(row('raw INSERT, concurrency 1', results.raw1));
    console.log(row('event store append, concurrency 1', results.ours1));
    console.log(row('raw INSERT, concurrency 16', results.raw16));
    console.log(row('event store append, concurrency 16', results.ours16));
    console.log(`  ratio at concurrency 1:  ${ratio1.toFixed(2)}`);
    console.log(`  ratio at concurrency 16: ${ratio16.toFixed(2)}  (goal ≥ 0.5: ${ratio16 >= 0.5 ? 'met' : 'NOT met'})`);
    return { name: 'event-store-append', ratio: ratio16, ratioConcurrency1: ratio1, goal: 0.5, ...results };
  } finally {
    await notifications.close();
    await knex.destroy();
  }
}
