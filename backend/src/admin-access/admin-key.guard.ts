import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { TooManyRequestsError, UnauthorizedError } from '../shared/domain-errors.js';
import { RateLimiter } from '../http/rate-limiter.js';
import { clientAddress } from '../http/audit-context.js';
import { AdminKeyVerifier } from './admin-key.js';
import { ADMIN_FAILURE_LIMITER } from '../infrastructure/tokens.js';

/** Lets a request through only with the right `x-admin-key`; wrong keys are throttled per address. */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(
    private readonly verifier: AdminKeyVerifier,
    @Inject(ADMIN_FAILURE_LIMITER) private readonly failures: RateLimiter,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const address = clientAddress(request);
    const wait = this.failures.blockedFor(address);
    if (wait > 0) throw new TooManyRequestsError(`Too many wrong admin keys. Try again in ${wait} seconds.`, wait);
    const presented = request.header('x-admin-key');
    if (this.verifier.matches(presented)) return true;
    if (presented) this.failures.hit(address);
    throw new UnauthorizedError(presented ? 'The admin key is not valid.' : 'A valid admin key is required.');
  }
}
