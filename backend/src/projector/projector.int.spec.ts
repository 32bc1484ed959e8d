import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateReadModels, Projector, READ_MODELS_CHECKPOINT, readCheckpoint } from '@team/projections';
import { tallyProjection as tally } from '../../test/support/projector/tally.projection.js';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { createKnex } from '../infrastructure/database.js';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';

describe('Projector', () => {
  let db: TestDatabase;
  let knex: Knex;
  let notifications: PgNotifications;
  let store: PostgresEventStore;
  const cleanups: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, 6);
    notifications = new PgNotifications(db.url);
    store = new PostgresEventStore(knex, notifications, { pollIntervalMs: 100 });
    await PostgresEventStore.migrate(knex);
    await migrateReadModels(knex, [tally()]);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await notifications.close();
    await knex.destroy();
    await db.drop();
  });

  async function appendCounted(count: number): Promise<number> {
    let last = 0;
    for (let n = 0; n < count; n++) {
      const result = await store.append(`counter-${n % 5}`, [{ id: randomUUID(), type: 'Counted', data: { n } }], 'any', {
        correlationId: randomUUID(),
        actor: 'system',
        recordedAt: new Date(),
      });
      last = result.lastPosition;
    }
    return last;
  }

  function startProjector(k: Knex, options: { delayMs?: number; batchSize?: number; standbyRetryMs?: number } = {}) {
    const projector = new Projector({
      knex: k,
      reader: new PostgresEventStore(k, notifications, { pollIntervalMs: 100 }),
      projections: [tally(options.delayMs)],
      batchSize: options.batchSize ?? 100,
      standbyRetryMs: options.standbyRetryMs ?? 100,
    });
    projector.start();
    cleanups.push(() => projector.stop());
    return projector;
  }

  test('applies new events and moves its checkpoint with them', async () => {
    const projector = startProjector(knex);
    const head = await appendCounted(12);
    await expect(projector.waitFor(head, 10_000)).resolves.toBe(true);
    const rows = await knex('tally').orderBy('position');
    expect(rows.map((r) => r.n)).toEqual([...Array(12).keys()]);
    expect((await readCheckpoint(knex, READ_MODELS_CHECKPOINT))?.position).toBe(head);
  });

  test('idle, it writes nothing: a wake-up with no new event takes no row lock and commits no transaction (issue 26)', async () => {
    const projector = startProjector(knex);
    const head = await appendCounted(3);
    await expect(projector.waitFor(head, 10_000)).resolves.toBe(true);
    // A SELECT … FOR UPDATE that commits leaves its transaction id in the row's xmax (and a WAL
    // record, flushed at commit); the event store's poll woke an idle projector once a second.
    const lockedBy = async () => (await knex.raw(`SELECT xmax::text AS xmax FROM projection_checkpoints WHERE name = ?`, [READ_MODELS_CHECKPOINT])).rows[0].xmax as string;
    const before = await lockedBy();
    for (let wake = 0; wake < 5; wake++) expect(await projector.processBatch()).toBe(0);
    // The store's poll (every 100 ms here) wakes the running loop as well, for a while.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await lockedBy()).toBe(before);
    // Still applies what comes next, at once.
    const next = await appendCounted(1);
    await expect(projector.waitFor(next, 10_000)).resolves.toBe(true);
    expect((await readCheckpoint(knex, READ_MODELS_CHECKPOINT))?.position).toBe(next);
    expect(await lockedBy()).not.toBe(before);
  });

  test('a waiter for a position never reached gives up after its timeout', async () => {
    const projector = startProjector(knex);
    await expect(projector.waitFor(10_000, 200)).resolves.toBe(false);
  });

  test('killed in the middle of a batch and restarted, it applies every event exactly once', async () => {
    const head = await appendCounted(60);
    // The first projector has its own connections, so killing them is killing "its process".
    const doomed = createKnex(db.url, 3, 'doomed-projector');
    const first = new Projector({
      knex: doomed,
      reader: new PostgresEventStore(doomed, notifications),
      projections: [tally(15)],
      batchSize: 10,
    });
    first.start();
    await waitUntil(async () => ((await readCheckpoint(knex, READ_MODELS_CHECKPOINT))?.position ?? 0) >= 20);
    // Mid-batch (a handler is sleeping inside the batch transaction), every connection of
    // that projector dies at once, as they would with its process.
    await waitUntil(async () => {
      const { rows } = await knex.raw(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'doomed-projector' AND query LIKE '%pg_sleep%'`,
      );
      return Number(rows[0].n) > 0;
    });
    await knex.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'doomed-projector'`);
    await first.stop().catch(() => {});
    await doomed.destroy().catch(() => {});
    const killedAt = (await readCheckpoint(knex, READ_MODELS_CHECKPOINT))!.position;
    expect(killedAt).toBeLessThan(head);
    expect(Number((await knex('tally').count({ n: '*' }).first())!.n)).toBe(
      Number((await knex('events').where('position', '<=', killedAt).count({ n: '*' }).first())!.n),
    );

    const second = startProjector(knex, { batchSize: 10 });
    await expect(second.waitFor(head, 20_000)).resolves.toBe(true);
    const counts = await knex('tally').select('position').count({ c: '*' }).groupBy('position');
    expect(counts).toHaveLength(60);
    expect(counts.every((row) => Number(row.c) === 1)).toBe(true);
  });

  test('of two projectors on one database exactly one is active, and the standby takes over', async () => {
    const otherKnex = createKnex(db.url, 3);
    cleanups.push(() => otherKnex.destroy());
    const a = startProjector(knex);
    const b = startProjector(otherKnex);
    await waitUntil(async () => a.status().active || b.status().active);
    await new Promise((r) => setTimeout(r, 300));
    expect([a.status().active, b.status().active].filter(Boolean)).toHaveLength(1);
    const [active, standby] = a.status().active ? [a, b] : [b, a];
    await active.stop();
    const head = await appendCounted(3);
    await expect(standby.waitFor(head, 10_000)).resolves.toBe(true);
    expect(standby.status().active).toBe(true);
    expect(Number((await knex('tally').count({ n: '*' }).first())!.n)).toBe(3);
  });
});

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
