import type { Knex } from 'knex';
import { migrateReadModels, readModelProjections } from '@team/projections';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { eventLogIsCurrent, grantEventLogToApp } from './event-store/postgres/event-log-privileges.js';
import { migrateRateLimits } from './http/address-budget.js';
import { withMigrationLock } from './infrastructure/migration-lock.js';

/**
 * Migrates one database: the event log's tables, the shared rate-limit table and the read
 * tables. Safe to run from several processes starting at once (see withMigrationLock). With
 * least privilege (docs/operations.md), the owner role has migrated the event log already
 * (`npm run migrate`) and the app role, which may not change it, finds it current.
 */
export async function migrateDatabase(knex: Knex): Promise<void> {
  await withMigrationLock(knex, async () => {
    if (!(await eventLogIsCurrent(knex))) await PostgresEventStore.migrate(knex);
    await migrateRateLimits(knex);
    await migrateReadModels(knex, readModelProjections);
  });
}

/**
 * `npm run migrate`: the owner role migrates the event log and grants the app role what it may
 * do with it (grantEventLogToApp); the app migrates its own tables when it starts.
 */
export async function migrateEventLogAsOwner(ownerKnex: Knex, appRole: string): Promise<void> {
  await withMigrationLock(ownerKnex, async () => {
    await PostgresEventStore.migrate(ownerKnex);
    await grantEventLogToApp(ownerKnex, appRole);
  });
}
