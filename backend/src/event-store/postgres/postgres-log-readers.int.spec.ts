import { createTestDatabase } from '@test-support/database.js';
import { createKnex } from '../../infrastructure/database.js';
import { PgNotifications } from '../../infrastructure/pg-notifications.js';
import { logReadersContract, openLogReaders } from '../../../test/support/log-readers.contract.js';
import { PostgresEventStore } from './postgres-event-store.js';

logReadersContract('PostgreSQL log readers', async () => {
  const db = await createTestDatabase();
  const knex = createKnex(db.url, 4);
  const notifications = new PgNotifications(db.url);
  await PostgresEventStore.migrate(knex);
  const store = new PostgresEventStore(knex, notifications);
  return {
    store,
    readers: openLogReaders(store, knex),
    ladderStream: 'ladder',
    streamPrefix: '',
    clockSkewMs: 0,
    async teardown() {
      await notifications.close();
      await knex.destroy();
      await db.drop();
    },
  };
});
