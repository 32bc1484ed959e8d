import type { Knex } from 'knex';
import type { EventStore } from '@team/contracts';
import { ConfigError, type AppConfig } from '../config.js';
import type { PgNotifications } from '../infrastructure/pg-notifications.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

/**
 * The event log this process appends to and reads: PostgreSQL's `public.events` on the
 * shared database, or KurrentDB when EVENTSTORE_URL is set. Callers see only the port.
 */
export function openEventStore(config: Pick<AppConfig, 'eventStoreUrl'>, knex: Knex, notifications: PgNotifications): EventStore {
  if (config.eventStoreUrl) throw new ConfigError('EVENTSTORE_URL', 'the KurrentDB adapter is not available in this build');
  return new PostgresEventStore(knex, notifications);
}
