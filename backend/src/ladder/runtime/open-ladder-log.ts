import type { LogReaderImplementations } from '../../event-store/open-event-store.js';
import { KurrentLadderLog } from './kurrentdb-ladder-log.js';
import type { LadderLog } from './ladder-log.js';
import { PostgresLadderLog } from './postgres-ladder-log.js';

/** The ladder's own reads of the log: PostgreSQL's indexes, or KurrentDB's ladder stream. */
export const ladderLogImplementations: LogReaderImplementations<LadderLog> = {
  postgres: (knex) => new PostgresLadderLog(knex),
  kurrent: (log, options) => new KurrentLadderLog(log, options),
};
