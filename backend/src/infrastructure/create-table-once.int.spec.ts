import knexFactory, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { tableCreator } from './create-table-once.js';

// A component's own tables (webhook deliveries, snapshots, media blobs) are created on first use
// by whichever process gets there first. Two API processes starting together both ran the
// CREATE TABLE IF NOT EXISTS, and the loser failed on the catalog with 23505, 42P07 or 42710
// (the table's row type "already exists"): the last one was not allowed for, so a second API
// process exited at start (seen in webhooks-across-processes.int.spec.ts under CI).

describe('tableCreator across processes', () => {
  let db: TestDatabase;
  let pools: Knex[];
  beforeAll(async () => {
    db = await createTestDatabase();
    pools = Array.from({ length: 6 }, () => knexFactory({ client: 'pg', connection: db.url, pool: { min: 1, max: 1 } }));
    await Promise.all(pools.map((pool) => pool.raw('SELECT 1')));
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await db.drop();
  });

  test('six connections creating the same tables at once all succeed, and the tables are whole', async () => {
    for (let round = 0; round < 15; round++) {
      const ddl = `CREATE TABLE IF NOT EXISTS public.race_${round} (id text PRIMARY KEY, at timestamptz NOT NULL DEFAULT now());
        CREATE INDEX IF NOT EXISTS race_${round}_at_idx ON public.race_${round} (at);
        CREATE TABLE IF NOT EXISTS public.race_${round}_b (id integer PRIMARY KEY)`;
      const outcomes = await Promise.allSettled(pools.map((pool) => tableCreator(pool, ddl)()));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
      const indexes = await pools[0]!.raw(`SELECT indexname FROM pg_indexes WHERE tablename = ?`, [`race_${round}`]);
      expect(indexes.rows.map((row: { indexname: string }) => row.indexname).sort()).toEqual([`race_${round}_at_idx`, `race_${round}_pkey`]);
      expect((await pools[0]!.raw(`SELECT to_regclass(?) AS t`, [`public.race_${round}_b`])).rows[0].t).not.toBeNull();
    }
  });
});
