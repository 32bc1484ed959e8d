import type { Knex } from 'knex';
import type { EventStore } from '@team/contracts';
import type { AppConfig } from '../config.js';
import type { PgNotifications } from '../infrastructure/pg-notifications.js';
import { kurrentLogReaders, postgresLogReaders, type EventLogReaders, type LogReaderPools } from './event-log-readers.js';
import { KurrentDBEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';

/**
 * The event log this process appends to and reads: PostgreSQL's `public.events` on the
 * shared database, or KurrentDB when EVENTSTORE_URL is set. Callers see only the port.
 * The read tables, checkpoints and snapshots stay in PostgreSQL either way. Close the store
 * when done: a KurrentDB store holds a client and a subscription.
 */
export function openEventStore(config: Pick<AppConfig, 'eventStoreUrl'>, knex: Knex, notifications: PgNotifications): EventStore {
  if (config.eventStoreUrl) return KurrentDBEventStore.connect(config.eventStoreUrl);
  return new PostgresEventStore(knex, notifications);
}

/** The log's own readers (time travel, idempotency window, audit, demo keys) that go with `store`. */
export function openEventLogReaders(store: EventStore, pools: LogReaderPools): EventLogReaders {
  return store instanceof KurrentDBEventStore ? kurrentLogReaders(store.log) : postgresLogReaders(pools);
}
