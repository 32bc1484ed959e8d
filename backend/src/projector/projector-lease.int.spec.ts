import type { Knex } from 'knex';
import { migrateProjectorLeases, PROJECTOR_LEASES_TABLE, PROJECTOR_LOCK_KEY, readActiveProjector } from '@team/projections';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';

// Health and Operations name the active projector from the lock table, and the lease only names
// the holder: a lease an earlier holder left must never name the worker that holds the lock now.

describe('readActiveProjector', () => {
  let db: TestDatabase;
  let knex: Knex;
  let holder: Knex;

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = connect(db.url, 2);
    holder = connect(db.url, 1);
    await migrateProjectorLeases(knex);
  });
  afterAll(async () => {
    await holder?.destroy();
    await knex?.destroy();
    await db?.drop();
  });

  test('a lease without the lock names nobody; a new holder that has not written its lease is not named after the old one', async () => {
    // A killed worker's lease: its backend is gone, and so is its lock.
    await knex(PROJECTOR_LEASES_TABLE).insert({ name: 'read-models', worker: 'killed-worker', since: new Date(), pid: 0 });
    expect(await readActiveProjector(knex, 'read-models')).toBeNull();

    // Another session wins the lock; its lease is not written yet.
    await holder.raw('SELECT pg_advisory_lock(?, hashtext(?))', [PROJECTOR_LOCK_KEY, 'read-models']);
    expect(await readActiveProjector(knex, 'read-models')).toEqual({ worker: 'starting', since: null });

    // Once written on the holder's own session, the lease names it.
    await holder.raw(`UPDATE ${PROJECTOR_LEASES_TABLE} SET worker = 'new-worker', since = now(), pid = pg_backend_pid() WHERE name = 'read-models'`);
    expect(await readActiveProjector(knex, 'read-models')).toMatchObject({ worker: 'new-worker', since: expect.any(String) });
    // Another checkpoint's projector is not this one.
    expect(await readActiveProjector(knex, 'other-checkpoint')).toBeNull();
  });
});
