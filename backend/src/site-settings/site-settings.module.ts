import { Module } from '@nestjs/common';
import { PublicSettingsController } from './get-public-settings/public-settings.controller.js';
import { ChangeSiteSettingsController } from './change-site-settings/change-site-settings.controller.js';
import { ChangeSiteSettingsHandler } from './change-site-settings/change-site-settings.command.js';
import { GetSiteController, GetSiteSettingsController } from './get-site/get-site.controller.js';
import { GetPublicSiteHandler, GetSiteSettingsHandler } from './get-site/get-site.query.js';
import { WebManifestController } from './web-manifest/web-manifest.controller.js';

/** The site's own settings (name, images, accent, links, footer, navigation): one stream, one read row. */
@Module({
  controllers: [GetSiteController, GetSiteSettingsController, ChangeSiteSettingsController, WebManifestController, PublicSettingsController],
  providers: [GetPublicSiteHandler, GetSiteSettingsHandler, ChangeSiteSettingsHandler],
})
export class SiteSettingsModule {}
