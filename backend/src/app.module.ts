import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CoreModule, type CoreDependencies } from './core.module.js';
import { HealthController } from './health/health.controller.js';
import { AdminAccessModule } from './admin-access/admin-access.module.js';
import { AuditModule } from './audit/audit.module.js';
import { LadderModule } from './ladder/ladder.module.js';
import { OperationsModule } from './operations/operations.module.js';
import { TrackerModule } from './tracker/tracker.module.js';
import { ContentModule } from './cms/content/content.module.js';
import { PagesModule } from './cms/pages/pages.module.js';
import { LiveModule } from './live/live.module.js';
import { ExportModule } from './export/export.module.js';
import { BackupModule } from './backup/backup.module.js';
import { SeoModule } from './seo/seo.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { ReviewModule } from './review/review.module.js';
import { SiteSettingsModule } from './site-settings/site-settings.module.js';
import { MediaModule } from './media/media.module.js';
import { FixturesModule } from './fixtures/fixtures.module.js';
import { PlayerProfilesModule } from './player-profiles/player-profiles.module.js';

/** Feature modules: the ladder's writes and the tracker's reads, the CMS, the admins' audit and operations, scheduled backups, link previews and sitemaps. */
const featureModules: Type[] = [
  AdminAccessModule,
  AuditModule,
  OperationsModule,
  LadderModule,
  TrackerModule,
  ContentModule,
  PagesModule,
  LiveModule,
  ExportModule,
  BackupModule,
  SeoModule,
  SiteSettingsModule,
  MediaModule,
  FixturesModule,
  PlayerProfilesModule,
  WebhooksModule,
  ReviewModule,
];

@Module({})
export class AppModule {
  static forRoot(deps: CoreDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(deps), CqrsModule.forRoot(), ...featureModules],
      controllers: [HealthController],
    };
  }
}
