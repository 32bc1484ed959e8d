import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { SectionVersion } from '@team/contracts';
import { AdminKeyGuard } from '../../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../../admin-access/admin-role.js';
import { idParam } from '../../../shared/route-params.js';
import { GetSectionVersionsQuery } from './section-history.query.js';

/** GET /api/admin/content/{id}/versions: the section's versions, oldest first, deleted sections included (admin). */
@Controller('api/admin/content')
export class SectionHistoryController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/versions')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  versions(@Param('id') rawId: string): Promise<SectionVersion[]> {
    return this.queries.execute(new GetSectionVersionsQuery(idParam(rawId, 'section')));
  }
}
