import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { from, mergeMap, type Observable } from 'rxjs';
import type { AppConfig } from '../config.js';
import { ProjectionWaiter } from './projection-waiter.js';
import { ServiceUnavailableError } from '../shared/domain-errors.js';
import { Written } from './written.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';

/** Holds a command's answer until its events are in the read tables (bounded), then sends it. */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response = context.switchToHttp().getResponse<ServerResponse>();
    return next.handle().pipe(
      mergeMap((result) => {
        if (!(result instanceof Written)) return from([result]);
        return from(
          (async () => {
            if (result.position > 0) response.setHeader('X-Event-Position', String(result.position));
            const reached = await this.waiter.waitFor(result.position, this.config.readYourWritesTimeoutMs);
            if (!reached) {
              throw new ServiceUnavailableError(
                'Your change was saved, but the pages have not caught up yet. Refresh in a moment.',
              );
            }
            return result.answer();
          })(),
        );
      }),
    );
  }
}
