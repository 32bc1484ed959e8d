import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { completeNavigation, visibleNavigation, type PublicSite, type SiteSettings } from '@team/contracts';
import { getPages, siteSettings } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';

/** Every setting, the hidden navigation entries included (the admin's form). */
export class GetSiteSettingsQuery extends Query<SiteSettings> {}

/** What the public site shows: the settings and the visible navigation, pages that no longer exist left out. */
export class GetPublicSiteQuery extends Query<PublicSite> {}

@QueryHandler(GetSiteSettingsQuery)
export class GetSiteSettingsHandler implements IQueryHandler<GetSiteSettingsQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute(): Promise<SiteSettings> {
    const settings = await siteSettings(this.knex);
    return { ...settings, navigation: completeNavigation(settings.navigation) };
  }
}

@QueryHandler(GetPublicSiteQuery)
export class GetPublicSiteHandler implements IQueryHandler<GetPublicSiteQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute(): Promise<PublicSite> {
    const [settings, pages] = await Promise.all([siteSettings(this.knex), getPages(this.knex)]);
    const slugs = new Set(pages.map((page) => page.slug));
    const { navigation, ...rest } = settings;
    return { ...rest, navigation: visibleNavigation(navigation, (slug) => slugs.has(slug)) };
  }
}
