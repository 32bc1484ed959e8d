import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { AuditPage } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import type { EventLogReaders } from '../../event-store/event-log-readers.js';
import { EVENT_LOG_READERS } from '../../infrastructure/tokens.js';
import { parseAuditFilter } from './list-events.query.js';

/** GET /api/admin/events: the audit log (admin key), filterable, paged by global position. */
@Controller('api/admin/events')
@UseGuards(AdminKeyGuard)
export class ListEventsController {
  constructor(@Inject(EVENT_LOG_READERS) private readonly readers: EventLogReaders) {}

  @Get()
  list(@Query() query: Record<string, unknown>): Promise<AuditPage> {
    return this.readers.audit.list(parseAuditFilter(query));
  }
}
