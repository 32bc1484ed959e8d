import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { TooManyRequestsError, UnauthorizedError } from '../shared/domain-errors.js';
import type { AddressBudget } from '../http/rate-limiter.js';
import { AuditContextFactory, clientBudgetKey, correlationIdOf } from '../http/audit-context.js';
import { AdminKeyVerifier } from './admin-key.js';
import { ADMIN_FAILURE_LIMITER, LOGGER } from '../infrastructure/tokens.js';

/**
 * Lets a request through only with the right `x-admin-key`. The right key is checked first
 * and always passes: wrong keys sent by someone else behind the same NAT or proxy must not
 * lock the admin out. Wrong keys spend a per-address budget (ADMIN_FAILURES_PER_15_MIN, shared
 * by every API process);
 * past it they are answered 429 instead of 401.
 */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(
    private readonly verifier: AdminKeyVerifier,
    @Inject(ADMIN_FAILURE_LIMITER) private readonly failures: AddressBudget,
    private readonly audit: AuditContextFactory,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.check(context.switchToHttp().getRequest<Request>());
    return true;
  }

  /**
   * The check itself, for a route that must run it before Nest does: the import's 32 MB body is
   * read only for the admin (app.ts puts this in front of its body parser). Throws 401 or 429.
   */
  async check(request: Request): Promise<void> {
    const presented = request.header('x-admin-key');
    if (this.verifier.matches(presented)) return;
    // No key at all is not a guess: nothing to count or log.
    if (!presented) throw new UnauthorizedError('A valid admin key is required.');
    const wait = await this.failures.hit(clientBudgetKey(request));
    // The caller's hashed fingerprint, as in the audit log; never the key that was sent.
    this.logger.warn(
      {
        fingerprint: this.audit.fingerprint(request),
        correlationId: correlationIdOf(request),
        method: request.method,
        path: request.path,
        throttled: wait > 0,
      },
      'wrong admin key',
    );
    if (wait > 0) throw new TooManyRequestsError(`Too many wrong admin keys. Try again in ${wait} seconds.`, wait);
    throw new UnauthorizedError('The admin key is not valid.');
  }
}
