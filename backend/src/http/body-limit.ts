import { Inject, Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import { MAX_JSON_BYTES, parseJsonBodyOf } from './body-parsers.js';
import { unsafeBodyProblem } from './hostile-requests.js';
import type { WebRequest } from './request-facts.js';

const BODY_LIMIT = Symbol('bodyLimit');

/**
 * The most a route's JSON body may hold, when it can use less than MAX_JSON_BYTES: a larger body
 * is refused with 413 before it is parsed.
 */
export const BodyLimit = (bytes: number) => SetMetadata(BODY_LIMIT, bytes);

/**
 * Parses a request's JSON body after the route's guards (key, role, rate limit) have let it
 * through, within the route's BodyLimit: an anonymous body sent to a keyed route, or to an
 * address no route has, is never parsed or walked.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const limit = this.reflector.getAllAndOverride<number | undefined>(BODY_LIMIT, [context.getHandler(), context.getClass()]);
      parseJsonBodyOf(context.switchToHttp().getRequest<WebRequest>(), limit ?? MAX_JSON_BYTES, unsafeBodyProblem);
    }
    return next.handle();
  }
}
