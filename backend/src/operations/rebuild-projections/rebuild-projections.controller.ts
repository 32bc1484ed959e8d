import { Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { DATABASE_URL } from '../../infrastructure/tokens.js';
import { RebuildService } from './rebuild.service.js';

/** POST /api/admin/projections/rebuild: replay the log into fresh read tables while the site runs (202; progress on the Operations screen). */
@Controller('api/admin/projections')
@UseGuards(AdminKeyGuard)
@RequiresRole('owner')
export class RebuildProjectionsController {
  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly rebuilds: RebuildService,
  ) {}

  @Post('rebuild')
  @HttpCode(202)
  rebuild() {
    return this.rebuilds.start(this.databaseUrl);
  }
}
