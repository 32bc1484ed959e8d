import type { LogReaderImplementations } from '../../event-store/open-event-store.js';
import { KurrentTimeTravelLog } from './kurrentdb-time-travel-log.js';
import { PostgresTimeTravelLog, type TimeTravelLog } from './time-travel-log.js';

/** What time travel reads of the log: PostgreSQL's indexes (on time travel's own small pool), or KurrentDB's ladder stream. */
export const timeTravelLogImplementations: LogReaderImplementations<TimeTravelLog> = {
  postgres: (knex) => new PostgresTimeTravelLog(knex),
  kurrent: (log, options) => new KurrentTimeTravelLog(log, options),
};
