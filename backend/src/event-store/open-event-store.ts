import type { Provider } from '@nestjs/common';
import type { Knex } from 'knex';
import type { EventStore } from '@team/contracts';
import type { AppConfig } from '../config.js';
import type { PgNotifications } from '../infrastructure/pg-notifications.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { KurrentDBEventStore } from './kurrentdb/kurrentdb-event-store.js';
import type { KurrentLog, KurrentReaderOptions } from './kurrentdb/kurrentdb-log.js';
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

/**
 * The two implementations of one of the log's own readers: the reads the port does not offer
 * (by time, by type, by payload), which belong to their owners (the ladder runtime, time
 * travel, the audit), each with a PostgreSQL and a KurrentDB implementation.
 */
export interface LogReaderImplementations<T> {
  postgres(knex: Knex): T;
  kurrent(log: KurrentLog, options: KurrentReaderOptions): T;
}

/** The implementation of an owner's reader that goes with `store`; PostgreSQL's reads through `knex`. */
export function openLogReader<T>(store: EventStore, knex: Knex, implementations: LogReaderImplementations<T>, options: KurrentReaderOptions = {}): T {
  return store instanceof KurrentDBEventStore ? implementations.kurrent(store.log, options) : implementations.postgres(knex);
}

/** Provides an owner's reader under `token`, on the opened store and the pool named by `pool`. */
export function logReaderProvider<T>(token: symbol, pool: symbol, implementations: LogReaderImplementations<T>): Provider {
  return {
    provide: token,
    inject: [EVENT_STORE, pool],
    useFactory: (store: EventStore, knex: Knex) => openLogReader(store, knex, implementations),
  };
}
