import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { Knex } from 'knex';
import type { AuditPage } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { KNEX } from '../../infrastructure/tokens.js';
import { listEvents, parseAuditFilter } from './list-events.query.js';

/** GET /api/admin/events: the audit log (admin key), filterable, paged by global position. */
@Controller('api/admin/events')
@UseGuards(AdminKeyGuard)
export class ListEventsController {
  constructor(@Inject(KNEX) private readonly knex: Knex) {}

  @Get()
  list(@Query() query: Record<string, unknown>): Promise<AuditPage> {
    return listEvents(this.knex, parseAuditFilter(query));
  }
}
