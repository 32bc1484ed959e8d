import { Module } from '@nestjs/common';
import { AdminKeysController } from './admin-keys/admin-keys.controller.js';
import { CreateAdminKeyHandler } from './admin-keys/create-admin-key/create-admin-key.command.js';
import { AdminKeyExpirySweep, ExpireAdminKeysHandler } from './admin-keys/expire-admin-keys/expire-admin-keys.command.js';
import { RevokeAdminKeyHandler } from './admin-keys/revoke-admin-key/revoke-admin-key.command.js';
import { AdminSessionController } from './admin-session.controller.js';

/** Who may do what: the login's session check and the owner's named keys. */
@Module({
  controllers: [AdminSessionController, AdminKeysController],
  providers: [CreateAdminKeyHandler, RevokeAdminKeyHandler, ExpireAdminKeysHandler, AdminKeyExpirySweep],
})
export class AdminAccessModule {}
