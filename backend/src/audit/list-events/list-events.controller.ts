import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { AuditPage } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AUDIT_LOG, parseAuditFilter, type AuditLog } from './list-events.query.js';

/** GET /api/admin/events: the audit log (admin key), filterable, paged by global position. */
@Controller('api/admin/events')
@UseGuards(AdminKeyGuard)
@RequiresRole('any')
export class ListEventsController {
  constructor(@Inject(AUDIT_LOG) private readonly log: AuditLog) {}

  @Get()
  list(@Query() query: Record<string, unknown>): Promise<AuditPage> {
    return this.log.list(parseAuditFilter(query));
  }
}
