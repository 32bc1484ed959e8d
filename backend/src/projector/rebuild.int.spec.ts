import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  Projector,
  READ_MODELS_CHECKPOINT,
  readCheckpoint,
  rebuildReadModels,
  RebuildAlreadyRunningError,
  tableChecksums,
  type RebuildProgress,
} from '@team/projections';
import type { TestDatabase } from '@test-support/database.js';
import { createKnex } from '../infrastructure/database.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { startTallyFixture, type TallyFixture } from '../../test/support/projector/tally-fixture.js';

describe('rebuilding the read models from the log', () => {
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

  const append = async (n: number) =>
    (
      await store.append(`counter-${n % 7}`, [{ id: randomUUID(), type: 'Counted', data: { n } }], 'any', {
        correlationId: randomUUID(),
        actor: 'system',
        recordedAt: new Date(),
      })
    ).lastPosition;

  const rebuild = (onProgress?: (p: RebuildProgress) => void) =>
    rebuildReadModels({
      liveKnex: knex,
      openKnex: (searchPath) => createKnex(db.url, 3, 'rebuild', searchPath),
      reader: store,
      projections,
      batchSize: 50,
      onProgress,
    });

  test('gives read tables identical to the live ones, and reports progress to the end', async () => {
    let head = 0;
    for (let n = 0; n < 300; n++) head = await append(n);
    await projector.waitFor(head, 20_000);
    const before = await tableChecksums(knex, projections);
    expect(before.tally).toMatch(/^300:/);

    const progress: RebuildProgress[] = [];
    const result = await rebuild((p) => progress.push(p));
    expect(result.events).toBe(300);
    expect(await tableChecksums(knex, projections)).toEqual(before);
    expect(progress[0]).toMatchObject({ phase: 'building', done: 0, total: 300 });
    expect(progress.at(-1)).toMatchObject({ phase: 'done', done: 300, total: 300 });
    expect(progress.some((p) => p.phase === 'building' && p.done > 0 && p.done < 300)).toBe(true);
    const schemas = await knex.raw(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'read_models%' ORDER BY 1`);
    expect(schemas.rows.map((r: { nspname: string }) => r.nspname)).toEqual(['read_models']);
  });

  test('from a log that keeps no count (KurrentDB), the total is estimated from the positions read', async () => {
    let head = 0;
    for (let n = 0; n < 120; n++) head = await append(n);
    await projector.waitFor(head, 20_000);
    const uncounted = {
      readAll: store.readAll.bind(store),
      readStream: store.readStream.bind(store),
      onAppended: store.onAppended.bind(store),
      headPosition: store.headPosition.bind(store),
    };
    const progress: RebuildProgress[] = [];
    await rebuildReadModels({
      liveKnex: knex,
      openKnex: (searchPath) => createKnex(db.url, 3, 'rebuild', searchPath),
      reader: uncounted,
      projections,
      batchSize: 50,
      onProgress: (p) => progress.push(p),
    });
    expect(progress[0]).toMatchObject({ phase: 'building', done: 0, total: 0 });
    // Positions 1..120 with no gaps: 50 events read up to position 50 of 120 extrapolate to 120.
    expect(progress[1]).toMatchObject({ phase: 'building', done: 50, total: 120 });
    expect(progress.at(-1)).toMatchObject({ phase: 'done', done: 120, total: 120 });
  });

  test('readers never see an error or a partial table while it runs, and writes go on', async () => {
    let head = 0;
    for (let n = 0; n < 200; n++) head = await append(n);
    await projector.waitFor(head, 20_000);

    let reading = true;
    let reads = 0;
    let lowest = Infinity;
    const readErrors: unknown[] = [];
    const reader = (async () => {
      while (reading) {
        try {
          const row = await knex('tally').count({ n: '*' }).first();
          lowest = Math.min(lowest, Number(row!.n));
          reads++;
        } catch (error) {
          readErrors.push(error);
        }
      }
    })();
    const writer = (async () => {
      for (let n = 200; n < 260; n++) head = await append(n);
    })();

    await rebuild();
    await writer;
    await projector.waitFor(head, 20_000);
    reading = false;
    await reader;

    expect(readErrors).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    expect(lowest).toBeGreaterThanOrEqual(200);
    const counts = await knex('tally').select('position').count({ c: '*' }).groupBy('position');
    expect(counts).toHaveLength(260);
    expect(counts.every((row) => Number(row.c) === 1)).toBe(true);
    expect((await readCheckpoint(knex, READ_MODELS_CHECKPOINT))?.position).toBe(head);
  });

  test('a second rebuild while one runs is refused', async () => {
    for (let n = 0; n < 100; n++) await append(n);
    // The first one holds the lock and waits at its first read of the log until the second has
    // been refused: the two overlap however fast or slow the machine is.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reading!: () => void;
    const holdsTheLock = new Promise<void>((resolve) => (reading = resolve));
    const held = Object.assign(Object.create(store) as PostgresEventStore, {
      readRange: async (after: number, through: number) => {
        reading();
        await gate;
        return store.readRange(after, through);
      },
    });
    const first = rebuildReadModels({ liveKnex: knex, openKnex: (searchPath) => createKnex(db.url, 3, 'rebuild', searchPath), reader: held, projections, batchSize: 50 });
    first.catch(() => undefined); // awaited below
    await holdsTheLock;
    await expect(rebuild()).rejects.toBeInstanceOf(RebuildAlreadyRunningError);
    release();
    expect((await first).events).toBe(100);
  });
});
