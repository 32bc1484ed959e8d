import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { WebRequest } from '../http/request-facts.js';
import type { AppConfig } from '../config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';
import { AdminKeyGuard } from './admin-key.guard.js';

/**
 * PUBLIC_RECORDING: `open` lets anyone record a match (SPEC); `recorders` needs a key of the
 * recorder role or above (moderator, owner), with the admin routes' wrong-key budget.
 */
@Injectable()
export class RecordingGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adminKey: AdminKeyGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.config.publicRecording === 'recorders') await this.adminKey.check(context.switchToHttp().getRequest<WebRequest>(), 'recorder');
    return true;
  }
}
