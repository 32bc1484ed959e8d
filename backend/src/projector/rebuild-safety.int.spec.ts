import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  Projector,
  READ_MODELS_CHECKPOINT,
  readCheckpoint,
  rebuildReadModels,
  RebuildAbortedError,
  tableChecksums,
  type RebuildProgress,
} from '@team/projections';
import type { TestDatabase } from '@test-support/database.js';
import { createKnex } from '../infrastructure/database.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { startTallyFixture, type TallyFixture } from '../../test/support/projector/tally-fixture.js';

// A rebuild that crashed, or was stopped, must leave nothing that breaks the next one, and
// must never touch the live read tables before its swap.
describe('rebuilds across crashes and shutdowns', () => {
  let fixture: TallyFixture;
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  let projector: Projector;
  let projections: TallyFixture['projections'];

  beforeEach(async () => {
    fixture = await startTallyFixture();
    ({ db, knex, store, projector, projections } = fixture);
  });
  afterEach(() => fixture.close());

  const appendMany = async (count: number) => {
    const events = Array.from({ length: count }, (_, n) => ({ id: randomUUID(), type: 'Counted', data: { n } }));
    const result = await store.append('counter', events, 'any', { correlationId: randomUUID(), actor: 'system', recordedAt: new Date() });
    await projector.waitFor(result.lastPosition, 20_000);
    return result.lastPosition;
  };
  const schemas = async () =>
    (await knex.raw(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'read_models%' ORDER BY 1`)).rows.map(
      (row: { nspname: string }) => row.nspname,
    );
  const rebuild = (extra: { signal?: AbortSignal; onProgress?: (p: RebuildProgress) => void; reader?: PostgresEventStore } = {}) =>
    rebuildReadModels({
      liveKnex: knex,
      openKnex: (searchPath) => createKnex(db.url, 3, 'rebuild', searchPath),
      reader: store,
      projections,
      batchSize: 10,
      ...extra,
    });

  test('a rebuild that died after its swap, before dropping the old schema, does not block the next one', async () => {
    const head = await appendMany(50);
    const live = await tableChecksums(knex, projections);
    // What the crash leaves: the previous live tables under read_models_old, and a half-built
    // read_models_next of a later attempt that died before its swap.
    await knex.raw('CREATE SCHEMA read_models_old; CREATE TABLE read_models_old.tally (position bigint, n integer)');
    await knex.raw('CREATE SCHEMA read_models_next; CREATE TABLE read_models_next.half_built (x integer)');

    const result = await rebuild();
    expect(result.events).toBe(50);
    expect(await schemas()).toEqual(['read_models']);
    expect(await tableChecksums(knex, projections)).toEqual(live);
    expect((await readCheckpoint(knex, READ_MODELS_CHECKPOINT))?.position).toBe(head);
  });

  test('an aborted rebuild stops within a batch, drops its half-built schema and leaves the live tables as they were', async () => {
    const head = await appendMany(100);
    const live = await tableChecksums(knex, projections);
    const controller = new AbortController();
    // The store as the rebuild reads it, noting the farthest position it asks for.
    let farthest = 0;
    let askedAtAbort = 0;
    const reader = Object.assign(Object.create(store) as PostgresEventStore, {
      readRange: (after: number, through: number) => {
        farthest = Math.max(farthest, through);
        return store.readRange(after, through);
      },
      readAll: (after: number, limit: number) => {
        farthest = Math.max(farthest, after + limit);
        return store.readAll(after, limit);
      },
    });
    // Ten batches of ten events; aborted once the first is in. How long stopping takes is a
    // figure of `npm run bench` (the rebuild's abort on 100,000 matches), not a check here.
    const running = rebuild({
      reader,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.phase !== 'building' || progress.done === 0 || controller.signal.aborted) return;
        askedAtAbort = farthest;
        controller.abort();
      },
    });
    await expect(running).rejects.toBeInstanceOf(RebuildAbortedError);
    expect(controller.signal.aborted).toBe(true);
    // It stopped where it was: at most one more batch asked for after the abort, never the log's end.
    expect(askedAtAbort).toBeGreaterThan(0);
    expect(farthest - askedAtAbort).toBeLessThanOrEqual(10);
    expect(farthest).toBeLessThan(head);
    expect(await schemas()).toEqual(['read_models']);
    expect(await tableChecksums(knex, projections)).toEqual(live);
    expect((await readCheckpoint(knex, READ_MODELS_CHECKPOINT))?.position).toBe(head);

    // Nothing is left over: the next rebuild runs to the end.
    expect((await rebuild()).events).toBe(100);
    expect(await tableChecksums(knex, projections)).toEqual(live);
  });

  test('an already aborted signal starts nothing', async () => {
    await appendMany(5);
    const controller = new AbortController();
    controller.abort();
    await expect(rebuild({ signal: controller.signal })).rejects.toBeInstanceOf(RebuildAbortedError);
    expect(await schemas()).toEqual(['read_models']);
  });
});
