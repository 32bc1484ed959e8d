import { Module } from '@nestjs/common';
import { ListEventsController } from './list-events/list-events.controller.js';
import { KNEX } from '../infrastructure/tokens.js';
import { logReaderProvider } from '../event-store/open-event-store.js';
import { AUDIT_LOG } from './list-events/list-events.query.js';
import { auditLogImplementations } from './list-events/open-audit-log.js';

/** The event log as the admins' record: the audit log, filterable and paged. */
@Module({
  controllers: [ListEventsController],
  providers: [logReaderProvider(AUDIT_LOG, KNEX, auditLogImplementations)],
})
export class AuditModule {}
