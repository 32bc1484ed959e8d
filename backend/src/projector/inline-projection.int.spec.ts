import { randomUUID } from 'node:crypto';
import type { LeaderboardEntry } from '@team/contracts';
import type { Knex } from 'knex';
import { ensureCheckpoint, migrateReadModels, Projector, READ_MODELS_CHECKPOINT, readCheckpoint } from '@team/projections';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { until } from '@test-support/until.js';
import { createKnex } from '../infrastructure/database.js';
import { PgNotifications } from '../infrastructure/pg-notifications.js';
import { INLINE_MAX_EVENTS } from '../event-store/postgres/append-batch.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { tallyProjection } from '../../test/support/projector/tally.projection.js';
import { startTestApp } from '../../test/support/test-app.js';
import { compareWithRebuild } from '../../test/support/read-model-check.js';
import { getOk, matchLine, recordMatch } from '../../test/support/ladder-requests.js';

// Inline projection (issue 26): an append to a stream the projector projects inline commits
// with its read-table changes and the checkpoint, in one transaction. These specs keep the
// projector's loop stopped unless they say otherwise, so whatever is in the tables got there
// through the append.

describe('Inline projection', () => {
  let db: TestDatabase;
  let knex: Knex;
  let notifications: PgNotifications;
  const closing: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, 8);
    notifications = new PgNotifications(db.url);
    await PostgresEventStore.migrate(knex);
    await migrateReadModels(knex, [tallyProjection()]);
    await ensureCheckpoint(knex, READ_MODELS_CHECKPOINT);
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
    await notifications.close();
    await knex.destroy();
    await db.drop();
  });

  /** A store of its own (as another process would have) projecting the `inline` stream through an unstarted projector. */
  function inlineStore(on: Knex = knex) {
    const store = new PostgresEventStore(on, notifications, { pollIntervalMs: 100 });
    const projector = new Projector({ knex: on, reader: store, projections: [tallyProjection()], inlineStreams: ['inline'], standbyRetryMs: 100 });
    store.projectInline(projector);
    closing.push(() => projector.stop());
    return { store, projector };
  }

  const append = (store: PostgresEventStore, stream: string, n: unknown) =>
    store.append(stream, [{ id: randomUUID(), type: 'Counted', data: { n } }], 'any', {
      correlationId: randomUUID(),
      actor: 'system',
      recordedAt: new Date(),
    });

  const tally = async () => (await knex('tally').orderBy('position')).map((row) => ({ position: Number(row.position), n: row.n }));
  const checkpoint = async () => (await readCheckpoint(knex, READ_MODELS_CHECKPOINT))!.position;

  test('an append to an inline stream is in the read tables, with the checkpoint, when its append resolves', async () => {
    const { store, projector } = inlineStore();
    const first = await append(store, 'inline', 1);
    const second = await append(store, 'inline', 2);

    expect(await tally()).toEqual([
      { position: first.lastPosition, n: 1 },
      { position: second.lastPosition, n: 2 },
    ]);
    expect(await checkpoint()).toBe(second.lastPosition);
    // Read-your-writes is answered from memory, without waiting for the loop.
    expect(projector.status().position).toBe(second.lastPosition);
    await expect(projector.waitFor(second.lastPosition, 10)).resolves.toBe(true);
  });

  test('a batch of more events than INLINE_MAX_EVENTS is left to the loop', async () => {
    const { store, projector } = inlineStore();
    const events = Array.from({ length: INLINE_MAX_EVENTS + 1 }, (_, n) => ({ id: randomUUID(), type: 'Counted', data: { n } }));
    const burst = await store.append('inline', events, 'any', { correlationId: randomUUID(), actor: 'system', recordedAt: new Date() });
    expect(await tally()).toEqual([]);
    projector.start();
    expect((await until(tally, (rows) => rows.length === events.length)).map((row) => row.position)).toEqual(burst.positions);
    const single = await append(store, 'inline', 99);
    expect(await checkpoint()).toBe(single.lastPosition);
  });

  test('another stream is left to the loop, and so is everything after it until the loop catches up', async () => {
    const { store, projector } = inlineStore();
    const other = await append(store, 'elsewhere', 1);
    const inline = await append(store, 'inline', 2);
    // The read tables are behind the log (the other stream's event): applying the inline one
    // now would put it before an earlier event.
    expect(await tally()).toEqual([]);
    expect(await checkpoint()).toBe(0);

    projector.start();
    expect(await until(tally, (rows) => rows.length === 2)).toEqual([
      { position: other.lastPosition, n: 1 },
      { position: inline.lastPosition, n: 2 },
    ]);
    const later = await append(store, 'inline', 3);
    expect((await tally()).at(-1)).toEqual({ position: later.lastPosition, n: 3 });
  });

  test('a projection that fails inline does not fail the append: the loop meets the event and records the failure', async () => {
    const { store, projector } = inlineStore();
    const good = await append(store, 'inline', 1);
    const bad = await append(store, 'inline', 'not a number');
    // Appended again alone (a position further: the rolled-back one is a gap), and not projected.
    expect(bad.lastPosition).toBeGreaterThan(good.lastPosition);
    expect(Number((await knex('events').count({ n: '*' }).first())?.n)).toBe(2);
    expect(await checkpoint()).toBe(good.lastPosition);

    projector.start();
    const stuck = await until(
      () => readCheckpoint(knex, READ_MODELS_CHECKPOINT),
      (status) => status?.failingPosition === bad.lastPosition,
    );
    expect(stuck?.failingPosition).toBe(bad.lastPosition);
    expect(stuck?.lastError).toMatch(/tally failed on Counted/);
    // While the read tables are stuck, later appends are not projected past the failure.
    await append(store, 'inline', 3);
    expect((await tally()).map((row) => row.n)).toEqual([1]);
  });

  test('two processes appending at once apply every event once, in log order', async () => {
    const otherKnex = createKnex(db.url, 8);
    closing.push(() => otherKnex.destroy());
    const one = inlineStore();
    const two = inlineStore(otherKnex);
    const appends: Promise<unknown>[] = [];
    for (let n = 0; n < 60; n++) appends.push(append(n % 2 ? one.store : two.store, n % 7 === 0 ? 'elsewhere' : 'inline', n));
    await Promise.all(appends);
    one.projector.start();
    const rows = await until(tally, (list) => list.length >= 60);
    expect(rows).toHaveLength(60);
    const positions = rows.map((row) => row.position);
    expect(new Set(positions).size).toBe(60);
    const logged = (await knex('events').orderBy('position').select('position')).map((row) => Number(row.position));
    expect(positions).toEqual(logged);
  });
});

describe('Inline projection in the app', () => {
  test('a recorded match is answered, and on the leaderboard, with the projector loop stopped', async () => {
    const app = await startTestApp({ READ_YOUR_WRITES_TIMEOUT_MS: '10000' });
    try {
      await app.running.projector!.stop();
      const recorded = await app.call('POST', '/api/matches', {
        json: { winningTeam: 'team1', team1: [matchLine('100000000000000001', 'Inline One')], team2: [matchLine('100000000000000002', 'Inline Two')] },
      });
      expect(recorded.status).toBe(201);
      const position = Number(recorded.headers.get('x-event-position'));
      expect((await readCheckpoint(app.knex, READ_MODELS_CHECKPOINT))!.position).toBe(position);
      const board = await getOk<LeaderboardEntry[]>(app, '/api/players/leaderboard');
      expect(board.map((entry) => entry.username)).toEqual(['Inline One', 'Inline Two']);
    } finally {
      await app.close();
    }
  });

  test('inline rows are what a rebuild from the log writes, and matches recorded after a rebuild\'s swap land in the new tables', async () => {
    const app = await startTestApp();
    try {
      const duel = (winner: string, loser: string) => ({
        winningTeam: 'team1' as const,
        team1: [matchLine(`2000000000000${winner.charCodeAt(0)}`, winner, { kills: 7, deaths: 2, score: 30 })],
        team2: [matchLine(`2000000000000${loser.charCodeAt(0)}`, loser, { kills: 2, deaths: 7, score: 9 })],
      });
      for (const [winner, loser] of [['Ana', 'Bo'], ['Bo', 'Cy'], ['Cy', 'Ana']] as const) await recordMatch(app, duel(winner, loser));
      const first = await compareWithRebuild(app.db.url);
      expect(first.rebuilt).toEqual(first.live);
      // The app's connections prepared their statements on the tables the swap renamed away.
      await recordMatch(app, duel('Ana', 'Cy'));
      const board = await getOk<LeaderboardEntry[]>(app, '/api/players/leaderboard');
      expect(board.find((entry) => entry.username === 'Ana')?.wins).toBe(2);
      const second = await compareWithRebuild(app.db.url);
      expect(second.rebuilt).toEqual(second.live);
      expect(second.events).toBe(first.events + 1);
    } finally {
      await app.close();
    }
  });
});
