import type { LogReaderImplementations } from '../../event-store/open-event-store.js';
import { KurrentAuditLog } from './kurrentdb-audit-log.js';
import { PostgresAuditLog, type AuditLog } from './list-events.query.js';

/** The audit's reads of the log: SQL on `public.events`, or KurrentDB's filtered $all reads. */
export const auditLogImplementations: LogReaderImplementations<AuditLog> = {
  postgres: (knex) => new PostgresAuditLog(knex),
  kurrent: (log, options) => new KurrentAuditLog(log, options),
};
