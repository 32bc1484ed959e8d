import type { Knex } from 'knex';
import { migrateReadModels, Projector } from '@team/projections';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { createKnex } from '../../../src/infrastructure/database.js';
import { PgNotifications } from '../../../src/infrastructure/pg-notifications.js';
import { PostgresEventStore } from '../../../src/event-store/postgres/postgres-event-store.js';
import { tallyProjection } from './tally.projection.js';

/** A fresh database with the event store, the tally read model and a running projector, for the rebuild specs. */
export interface TallyFixture {
  db: TestDatabase;
  knex: Knex;
  store: PostgresEventStore;
  projector: Projector;
  projections: ReturnType<typeof tallyProjection>[];
  close(): Promise<void>;
}

export async function startTallyFixture(): Promise<TallyFixture> {
  const projections = [tallyProjection()];
  const db = await createTestDatabase();
  const knex = createKnex(db.url, 8);
  const notifications = new PgNotifications(db.url);
  const store = new PostgresEventStore(knex, notifications, { pollIntervalMs: 100 });
  await PostgresEventStore.migrate(knex);
  await migrateReadModels(knex, projections);
  const projector = new Projector({ knex, reader: store, projections, standbyRetryMs: 100 });
  projector.start();
  return {
    db,
    knex,
    store,
    projector,
    projections,
    async close() {
      await projector.stop();
      await notifications.close();
      await knex.destroy();
      await db.drop();
    },
  };
}
