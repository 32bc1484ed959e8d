import { Module } from '@nestjs/common';
import { AdminKeysController } from './admin-keys/admin-keys.controller.js';
import { CreateAdminKeyHandler } from './admin-keys/create-admin-key/create-admin-key.command.js';
import { AdminKeyExpirySweep, ExpireAdminKeysHandler } from './admin-keys/expire-admin-keys/expire-admin-keys.command.js';
import { RevokeAdminKeyHandler } from './admin-keys/revoke-admin-key/revoke-admin-key.command.js';
import { AdminSessionController } from './admin-session.controller.js';
import { PublicSettingsController } from '../site-settings/get-public-settings/public-settings.controller.js';

/** Who may do what: the login's session check, the owner's named keys, and the public settings. */
@Module({
  controllers: [AdminSessionController, AdminKeysController, PublicSettingsController],
  providers: [CreateAdminKeyHandler, RevokeAdminKeyHandler, ExpireAdminKeysHandler, AdminKeyExpirySweep],
})
export class AdminAccessModule {}
