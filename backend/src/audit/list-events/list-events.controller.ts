import { Controller, Get, Inject, Query, Req, UseGuards } from '@nestjs/common';
import type { Knex } from 'knex';
import type { AuditPage } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { adminKeyOf, type WebRequest } from '../../http/request-facts.js';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { nameAuditPage } from './event-names.js';
import { AUDIT_LOG, auditPageFor, parseAuditFilter, type AuditLog } from './list-events.query.js';

/**
 * GET /api/admin/events: the audit log (admin key), filterable, paged by global position, with
 * the players, pages and sections its events mention named from the read models.
 */
@Controller('api/admin/events')
@UseGuards(AdminKeyGuard)
@RequiresRole('any')
export class ListEventsController {
  constructor(
    @Inject(AUDIT_LOG) private readonly log: AuditLog,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
  ) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() request: WebRequest): Promise<AuditPage> {
    const page = await nameAuditPage(this.readKnex, await this.log.list(parseAuditFilter(query)));
    // Caller fingerprints are the owner's only; the guard has just looked the key up.
    return auditPageFor(adminKeyOf(request)!.role, page);
  }
}
