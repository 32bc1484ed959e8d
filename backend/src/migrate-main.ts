import { ConfigError, postgresUrl } from './config.js';
import { checkedRoleName } from './event-store/postgres/event-log-privileges.js';
import { createKnex } from './infrastructure/database.js';
import { migrateEventLogAsOwner } from './migrate-database.js';

/**
 * `npm run migrate`: least privilege on an external PostgreSQL (docs/operations.md). The owner
 * role (MIGRATION_DATABASE_URL) migrates the event log and grants the app role (DATABASE_URL's
 * user, or APP_DATABASE_ROLE) reading and appending, nothing more. The app then starts as that
 * role and migrates its own tables. The embedded default has one role and needs none of this.
 */
async function main(): Promise<void> {
  const ownerUrl = postgresUrl(process.env, 'MIGRATION_DATABASE_URL');
  if (!ownerUrl) throw new ConfigError('MIGRATION_DATABASE_URL', 'required: the owner role that migrates the event log (postgres://owner:…@host/db)');
  const appUrl = postgresUrl(process.env, 'DATABASE_URL');
  const appRole = process.env.APP_DATABASE_ROLE || (appUrl ? decodeURIComponent(new URL(appUrl).username) : '');
  if (!appRole) throw new ConfigError('APP_DATABASE_ROLE', 'required (or DATABASE_URL with the app role as its user)');
  checkedRoleName(appRole);
  const knex = createKnex(ownerUrl, 2, 'team-site-migrate');
  try {
    await migrateEventLogAsOwner(knex, appRole);
    process.stdout.write(`Event log migrated; role ${appRole} may read and append events, not change them.\n`);
  } finally {
    await knex.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
