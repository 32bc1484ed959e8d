import type { Knex } from 'knex';
import { eventStoreMigrations } from './postgres-event-store.migrations.js';

/** The event log's bookkeeping table (PostgresEventStore.migrate). */
const EVENT_LOG_MIGRATIONS_TABLE = 'event_store_migrations';

/** A PostgreSQL role name as the owner may name it: letters, digits and _ (quoted in every statement anyway). */
export function checkedRoleName(role: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(role)) throw new Error(`Not a role name: ${JSON.stringify(role)} (letters, digits and _, at most 63)`);
  return role;
}

/** True when every event-log migration has run: the app role then needs no right to change the log's schema. */
export async function eventLogIsCurrent(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: { present: boolean }[] }>(`SELECT to_regclass(?) IS NOT NULL AS present`, [`public.${EVENT_LOG_MIGRATIONS_TABLE}`]);
  if (!rows[0]?.present) return false;
  const done = new Set((await knex(`public.${EVENT_LOG_MIGRATIONS_TABLE}`).select('name')).map((row: { name: string }) => row.name));
  return eventStoreMigrations.every((migration) => done.has(migration.name));
}

/**
 * What the app role may do to the event log, granted by the owner that migrated it: read and
 * append events, move a stream's revision forward (the streams trigger checks it follows the
 * events), and draw positions. No UPDATE or DELETE on events, no TRUNCATE, and not the owner of
 * either table, so it cannot drop or disable the immutability triggers. It may create its own
 * tables (read models, rate limits, caches) in `public` and schemas in the database, and owns
 * those: a rebuild swaps read-model tables, and they can always be made again from the log.
 */
export async function grantEventLogToApp(ownerKnex: Knex, appRole: string): Promise<void> {
  const role = `"${checkedRoleName(appRole)}"`;
  const { rows } = await ownerKnex.raw<{ rows: { db: string }[] }>('SELECT current_database() AS db');
  const database = `"${rows[0]!.db.replace(/"/g, '""')}"`;
  await ownerKnex.raw(`
    REVOKE ALL ON public.events, public.streams, public.${EVENT_LOG_MIGRATIONS_TABLE}, public.${EVENT_LOG_MIGRATIONS_TABLE}_lock FROM PUBLIC, ${role};
    GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ${database} TO ${role};
    GRANT USAGE, CREATE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT ON public.events TO ${role};
    GRANT SELECT, INSERT, UPDATE ON public.streams TO ${role};
    GRANT USAGE ON SEQUENCE public.events_position_seq TO ${role};
    GRANT SELECT ON public.${EVENT_LOG_MIGRATIONS_TABLE} TO ${role};
  `);
}
