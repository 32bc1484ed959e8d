import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { headerOf, type WebRequest } from '../http/request-facts.js';
import type { AppConfig } from '../config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';
import { AdminKeyGuard } from './admin-key.guard.js';

/**
 * PUBLIC_RECORDING: `open` lets anyone record a match; `recorders` needs a key of the recorder
 * role or above (moderator, owner), with the admin routes' wrong-key budget; `review` lets
 * anyone in, and a key that is sent must be such a key: with it the match is recorded at once,
 * without one it becomes a submission for the moderators (the controller tells them apart).
 */
@Injectable()
export class RecordingGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adminKey: AdminKeyGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WebRequest>();
    const keyed = this.config.publicRecording === 'recorders' || (this.config.publicRecording === 'review' && headerOf(request, 'x-admin-key') !== undefined);
    if (keyed) await this.adminKey.check(request, 'recorder');
    return true;
  }
}
