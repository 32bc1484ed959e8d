import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PageVersion } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { idParam } from '../../../shared/route-params.js';
import { GetPageVersionsQuery } from './page-history.query.js';

/** GET /api/admin/pages/{id}/versions: the page's versions with their blocks, oldest first, deleted pages included (admin). */
@Controller('api/admin/pages')
export class PageHistoryController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/versions')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  versions(@Param('id') rawId: string): Promise<PageVersion[]> {
    return this.queries.execute(new GetPageVersionsQuery(idParam(rawId, 'page')));
  }
}
