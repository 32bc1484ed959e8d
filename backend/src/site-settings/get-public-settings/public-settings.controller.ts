import { Controller, Get, Inject } from '@nestjs/common';
import type { PublicSettings } from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';

/** GET /api/settings: what the client adapts to (today: whether recording a match needs a key). */
@Controller('api/settings')
export class PublicSettingsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  settings(): PublicSettings {
    return { publicRecording: this.config.publicRecording };
  }
}
