import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PublicSite, SiteSettings } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { GetPublicSiteQuery, GetSiteSettingsQuery } from './get-site.query.js';

/** GET /api/site: the name, images, colour, links, footer and navigation every page shows. */
@Controller('api/site')
export class GetSiteController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  site(): Promise<PublicSite> {
    return this.queries.execute(new GetPublicSiteQuery());
  }
}

/** GET /api/admin/site: every setting as the settings screen edits it, hidden entries included. */
@Controller('api/admin/site')
export class GetSiteSettingsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  settings(): Promise<SiteSettings> {
    return this.queries.execute(new GetSiteSettingsQuery());
  }
}
