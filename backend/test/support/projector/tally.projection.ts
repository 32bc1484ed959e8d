import type { Projection } from '@team/projections';

/** A test read model that records every `Counted` event it sees, optionally slowly. */
export const tallyProjection = (delayMs = 0): Projection => ({
  name: 'tally',
  tables: ['tally'],
  migrations: [
    {
      name: '001_tally',
      up: (knex) =>
        knex.schema.createTable('tally', (t) => {
          t.bigInteger('position').notNullable();
          t.integer('n').notNullable();
        }),
    },
  ],
  canHandle: (type) => type === 'Counted',
  async apply(event, trx) {
    if (delayMs) await trx.raw('SELECT pg_sleep(?)', [delayMs / 1000]);
    await trx('tally').insert({ position: event.position, n: (event.data as { n: number }).n });
  },
});
