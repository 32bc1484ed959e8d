import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { UnstorableEventError } from '@team/contracts';
import { createKnex } from '../../infrastructure/database.js';
import { PgNotifications } from '../../infrastructure/pg-notifications.js';
import { eventStoreContract } from '../../../test/support/event-store/event-store.contract.js';
import { PostgresEventStore } from './postgres-event-store.js';

eventStoreContract('PostgresEventStore', async () => {
  const db: TestDatabase = await createTestDatabase();
  const migrator = connect(db.url, 1);
  await PostgresEventStore.migrate(migrator);
  await migrator.destroy();
  const opened: { knex: Knex; notifications: PgNotifications }[] = [];
  return {
    async open() {
      // Each store gets its own pool and listener: separate connections, as separate processes would have.
      const knex = createKnex(db.url, 4);
      const notifications = new PgNotifications(db.url);
      opened.push({ knex, notifications });
      return new PostgresEventStore(knex, notifications, { pollIntervalMs: 200 });
    },
    async teardown() {
      for (const { knex, notifications } of opened) {
        await notifications.close();
        await knex.destroy();
      }
      await db.drop();
    },
  };
});

/** A store on a fresh database, closed and dropped after `run`. */
async function withStore(run: (store: PostgresEventStore, knex: Knex) => Promise<void>): Promise<void> {
  const db = await createTestDatabase();
  const knex = createKnex(db.url, 2);
  const notifications = new PgNotifications(db.url);
  try {
    await PostgresEventStore.migrate(knex);
    await run(new PostgresEventStore(knex, notifications), knex);
  } finally {
    await notifications.close();
    await knex.destroy();
    await db.drop();
  }
}

describe('PostgresEventStore specifics', () => {
  test('a large event is compressed with lz4 where the server has it, else with pglz, and reads back whole (issue 26)', async () => {
    await withStore(async (store, knex) => {
      // The server's own answer: a column may ask for lz4 only where PostgreSQL was built with it.
      const hasLz4 = await knex
        .raw('CREATE TEMP TABLE lz4_probe (x text COMPRESSION lz4)')
        .then(() => true)
        .catch(() => false);
      const players = Array.from({ length: 8 }, (_, i) => ({ playerId: i, username: `Player ${i} ${'x'.repeat(i)}`, kills: i * 3, deaths: 10 - i, ratingBefore: 1000 + i }));
      const data = { matchId: 1, participants: players, note: 'a'.repeat(3000) };
      await store.append('ladder', [{ id: '00000000-0000-4000-8000-00000000a4a4', type: 'MatchRecorded', data }], 'any', {
        correlationId: 'c',
        actor: 'system',
        recordedAt: new Date(),
      });
      const row = (await knex.raw(`SELECT pg_column_compression(data) AS method FROM public.events WHERE type = 'MatchRecorded'`)).rows[0];
      expect({ hasLz4, method: row.method }).toEqual({ hasLz4, method: hasLz4 ? 'lz4' : 'pglz' });
      const [read] = await store.readAll(0, 10);
      expect(read!.data).toEqual(data);
    });
  });

  test('stored events cannot be updated or deleted', async () => {
    await withStore(async (store, knex) => {
      await store.append('s', [{ id: crypto.randomUUID(), type: 'T', data: {} }], 'any', {
        correlationId: 'c',
        actor: 'system',
        recordedAt: new Date(),
      });
      await expect(knex('events').update({ type: 'X' })).rejects.toThrow(/immutable/);
      await expect(knex('events').delete()).rejects.toThrow(/immutable/);
      expect(await knex('events').count({ n: '*' }).first()).toEqual({ n: 1 });
    });
  });

  test('a request the database refuses fails alone, not the requests grouped with it', async () => {
    await withStore(async (store, knex) => {
      const context = { correlationId: 'c', actor: 'system' as const, recordedAt: new Date() };
      const event = (data: unknown, schemaVersion?: number) => [{ id: crypto.randomUUID(), type: 'T', data, schemaVersion }];
      // The first append is written alone; the five queued behind it share the next statement.
      const first = store.append('warm-up', event({}), 'any', context);
      const group = [
        store.append('a', event({ n: 1 }), 'any', context),
        store.append('b', event({ n: 2 }, 2 ** 40), 'any', context), // the database refuses: integer out of range
        store.append('c', event({ n: 3 }), 'any', context),
        store.append('d', event({ title: 'x\ud800y' }), 'any', context), // jsonb refuses a lone surrogate
        store.append('e', event({ text: 'a\u0000b' }), 'any', context), // and a NUL
        store.append('f', event({ n: 4 }), 'any', context),
      ];
      await first;
      const outcomes = await Promise.allSettled(group);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((outcomes[3] as PromiseRejectedResult).reason).toBeInstanceOf(UnstorableEventError);
      expect((outcomes[3] as PromiseRejectedResult).reason.path).toBe('events[0].data.title');
      const streams = (await knex('events').orderBy('position').select('stream_id')).map((r) => r.stream_id);
      expect(streams).toEqual(['warm-up', 'a', 'c', 'f']);
    });
  });
});
