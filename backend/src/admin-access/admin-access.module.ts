import { Module } from '@nestjs/common';
import { AdminKeysController } from './admin-keys/admin-keys.controller.js';
import { AdminSessionController } from './admin-session.controller.js';
import { PublicSettingsController } from './public-settings.controller.js';

/** Who may do what: the login's session check, the owner's named keys, and the public settings. */
@Module({ controllers: [AdminSessionController, AdminKeysController, PublicSettingsController] })
export class AdminAccessModule {}
