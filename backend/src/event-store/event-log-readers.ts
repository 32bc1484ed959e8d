import type { Knex } from 'knex';
import { KurrentAuditLog } from '../audit/list-events/kurrentdb-audit-log.js';
import { PostgresAuditLog, type AuditLog } from '../audit/list-events/list-events.query.js';
import { PostgresKeyedMatchLog, type KeyedMatchLog } from '../ladder/runtime/idempotency-window.js';
import { KurrentLadderLog } from '../ladder/runtime/kurrentdb-ladder-log.js';
import { PostgresRecordedKeyLog, type RecordedKeyLog } from '../ladder/runtime/recorded-keys.js';
import { KurrentTimeTravelLog } from '../tracker/time-travel/kurrentdb-time-travel-log.js';
import { PostgresTimeTravelLog, type TimeTravelLog } from '../tracker/time-travel/time-travel-log.js';
import type { KurrentLog, KurrentReaderOptions } from './kurrentdb/kurrentdb-log.js';

/**
 * The reads of the event log that the port does not offer: queries by time, by event type and
 * by payload, newest first. Each has a PostgreSQL implementation (SQL on `public.events`) and a
 * KurrentDB one (stream and filtered $all reads); the ones that go with the opened store are
 * chosen in one place, openEventLogReaders (open-event-store.ts).
 */
export interface EventLogReaders {
  timeTravel: TimeTravelLog;
  keyedMatches: KeyedMatchLog;
  audit: AuditLog;
  recordedKeys: RecordedKeyLog;
}

/** The pools the PostgreSQL readers query: time travel folds on its own small pool. */
export interface LogReaderPools {
  knex: Knex;
  timeTravelKnex: Knex;
}

export function postgresLogReaders({ knex, timeTravelKnex }: LogReaderPools): EventLogReaders {
  return {
    timeTravel: new PostgresTimeTravelLog(timeTravelKnex),
    keyedMatches: new PostgresKeyedMatchLog(knex),
    audit: new PostgresAuditLog(knex),
    recordedKeys: new PostgresRecordedKeyLog(knex),
  };
}

export function kurrentLogReaders(log: KurrentLog, options: KurrentReaderOptions = {}): EventLogReaders {
  const ladder = new KurrentLadderLog(log, options);
  return {
    timeTravel: new KurrentTimeTravelLog(log, options),
    keyedMatches: ladder,
    audit: new KurrentAuditLog(log, options),
    recordedKeys: ladder,
  };
}
