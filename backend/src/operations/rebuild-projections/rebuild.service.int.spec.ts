import { REBUILD_LOCK_KEY } from '@team/projections';
import { connect, createTestDatabase } from '@test-support/database.js';
import { until } from '@test-support/until.js';
import { PostgresEventStore } from '../../event-store/postgres/postgres-event-store.js';
import { startTestApp } from '../../../test/support/test-app.js';
import { RebuildService } from './rebuild.service.js';

/** Events no read model handles: the rebuild still reads and counts every one of them. */
const NOISE_EVENTS = 150_000;

const schemas = async (knex: ReturnType<typeof connect>) =>
  (await knex.raw(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'read_models%' ORDER BY 1`)).rows.map(
    (row: { nspname: string }) => row.nspname,
  );

describe('rebuilds started from the API', () => {
  test('a rebuild held by another process (or the CLI) is a 409, and this one starts nothing', async () => {
    const app = await startTestApp();
    const holder = connect(app.db.url, 1);
    try {
      await holder.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [REBUILD_LOCK_KEY]);
        const before = await app.eventCount();
        const refused = await app.call('POST', '/api/admin/projections/rebuild', { admin: true });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ error: 'A rebuild is already running.' });
        expect(await app.eventCount()).toBe(before);
        const operations = await app.call('GET', '/api/admin/operations', { admin: true });
        expect(operations.body.rebuild).toMatchObject({ running: false, startedAt: null, lastError: null });
      });
      // Once the other one is done, a rebuild here runs.
      const started = await app.call('POST', '/api/admin/projections/rebuild', { admin: true });
      expect(started.status).toBe(202);
      expect(started.body.running).toBe(true);
      const again = await app.call('POST', '/api/admin/projections/rebuild', { admin: true });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'A rebuild is already running.' });
    } finally {
      await holder.destroy();
      await app.close();
    }
  });

  test('closing the app during a rebuild stops it before its swap and leaves the live read models as they were', async () => {
    const db = await createTestDatabase();
    const setup = connect(db.url, 1);
    try {
      await PostgresEventStore.migrate(setup);
      // A long log, written in one statement (appends one by one would take minutes).
      await setup.raw(
        `INSERT INTO events (stream_id, revision, event_id, type, schema_version, data, metadata, recorded_at)
         SELECT 'noise', g - 1, gen_random_uuid(), 'Noise', 1, '{}', '{}', now() FROM generate_series(1, ?) g`,
        [NOISE_EVENTS],
      );
      await setup.raw(`INSERT INTO streams (stream_id, revision) VALUES ('noise', ?)`, [NOISE_EVENTS - 1]);

      // No projector: the live checkpoint stays at 0, so a rebuild that got to its swap would show.
      const app = await startTestApp({ PROJECTOR: 'off' }, db);
      const service = app.running.app.get(RebuildService);
      let closed = false;
      try {
        expect((await app.call('POST', '/api/admin/projections/rebuild', { admin: true })).status).toBe(202);
        const progress = (await until(async () => service.current().progress, (now) => (now?.done ?? 0) > 0, 30_000, 25))!;
        expect(progress.phase).toBe('building');
        expect(progress.done).toBeLessThan(progress.total);

        // Left running, the rebuild would swap its tables in (the checkpoint below would move).
        // How long the stop takes is measured by `npm run bench` (the rebuild's abort).
        await app.close();
        closed = true;
      } finally {
        if (!closed) await app.close();
      }
      expect(service.current()).toMatchObject({ running: false, lastResult: null });
      expect(service.current().lastError).toMatch(/stopped/);
      expect(await schemas(setup)).toEqual(['read_models']);
      const live = await setup.raw('SELECT coalesce(max(position), 0)::int AS position FROM read_models.projection_checkpoints');
      expect(live.rows[0].position).toBe(0);
    } finally {
      await setup.destroy();
      await db.drop();
    }
  });
});
