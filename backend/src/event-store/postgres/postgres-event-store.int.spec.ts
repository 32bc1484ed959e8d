import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { createKnex } from '../../infrastructure/database.js';
import { PgNotifications } from '../../infrastructure/pg-notifications.js';
import { eventStoreContract } from '../testing/event-store.contract.js';
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

describe('PostgresEventStore specifics', () => {
  test('stored events cannot be updated or deleted', async () => {
    const db = await createTestDatabase();
    const knex = createKnex(db.url, 2);
    const notifications = new PgNotifications(db.url);
    try {
      await PostgresEventStore.migrate(knex);
      const store = new PostgresEventStore(knex, notifications);
      await store.append('s', [{ id: crypto.randomUUID(), type: 'T', data: {} }], 'any', {
        correlationId: 'c',
        actor: 'system',
        recordedAt: new Date(),
      });
      await expect(knex('events').update({ type: 'X' })).rejects.toThrow(/immutable/);
      await expect(knex('events').delete()).rejects.toThrow(/immutable/);
      expect(await knex('events').count({ n: '*' }).first()).toEqual({ n: 1 });
    } finally {
      await notifications.close();
      await knex.destroy();
      await db.drop();
    }
  });
});
