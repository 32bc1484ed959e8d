import type { Knex } from 'knex';
import { migrateReadModels, readModelProjections } from '@team/projections';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { migrateRateLimits } from './http/address-budget.js';
import { withMigrationLock } from './infrastructure/migration-lock.js';

/**
 * Migrates one database: the event log's tables, the shared rate-limit table and the read
 * tables. Safe to run from several processes starting at once (see withMigrationLock).
 */
export async function migrateDatabase(knex: Knex): Promise<void> {
  await withMigrationLock(knex, async () => {
    await PostgresEventStore.migrate(knex);
    await migrateRateLimits(knex);
    await migrateReadModels(knex, readModelProjections);
  });
}
