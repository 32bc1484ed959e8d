import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { TooManyRequestsError, UnauthorizedError } from '../shared/domain-errors.js';
import type { AddressBudget } from '../http/rate-limiter.js';
import { AuditContextFactory, clientBudgetKey, correlationIdOf } from '../http/audit-context.js';
import { AdminKeyVerifier } from './admin-key.js';
import { WrongKeyLog, type WrongKeyFacts } from './wrong-key-log.js';
import { quietRequestLog } from '../http/quiet-request-log.js';
import { ADMIN_FAILURE_LIMITER } from '../infrastructure/tokens.js';

/** Per address, the end of the last check queued in this process (Nest makes one guard per module). */
const checksInFlight = new Map<string, Promise<void>>();

/** The window of ADMIN_FAILURES_PER_15_MIN. */
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Lets a request through only with the right `x-admin-key`. Wrong keys spend a per-address
 * budget (ADMIN_FAILURES_PER_15_MIN, shared by every API process). Once an address is over it,
 * every admin request from it is answered 429 until its window ends, the right key included,
 * and the key is not even compared: otherwise every guess would still be checked. Other
 * addresses are not affected, so wrong keys sent from elsewhere cannot lock the admin out.
 */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(
    private readonly verifier: AdminKeyVerifier,
    @Inject(ADMIN_FAILURE_LIMITER) private readonly failures: AddressBudget,
    private readonly audit: AuditContextFactory,
    // One per process (CoreModule): Nest makes a guard instance per module that uses it.
    private readonly wrongKeys: WrongKeyLog,
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
    const address = clientBudgetKey(request);
    // One check at a time per address: a burst of parallel guesses would otherwise all be
    // compared before the budget's count could say stop. The admin's own requests queue too,
    // for a row read each.
    const previous = checksInFlight.get(address);
    const mine = (previous ?? Promise.resolve()).then(() => this.checkFrom(request, address));
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    checksInFlight.set(address, settled);
    void settled.then(() => {
      if (checksInFlight.get(address) === settled) checksInFlight.delete(address);
    });
    return mine;
  }

  private async checkFrom(request: Request, address: string): Promise<void> {
    // Only reads the shared count: a refused request is not a guess and spends nothing.
    const blocked = await this.failures.blockedFor(address);
    if (blocked > 0) this.refuse(request, address, blocked, false);
    const presented = request.header('x-admin-key');
    if (this.verifier.matches(presented)) return;
    // No key at all is not a guess: nothing to count or log.
    if (!presented) throw new UnauthorizedError('A valid admin key is required.');
    const wait = await this.failures.hit(address);
    if (wait > 0) this.refuse(request, address, wait, true);
    quietRequestLog(request);
    this.wrongKeys.wrongKey(address, this.factsOf(request));
    throw new UnauthorizedError('The admin key is not valid.');
  }

  private refuse(request: Request, address: string, wait: number, guess: boolean): never {
    quietRequestLog(request);
    this.wrongKeys.blocked(address, this.factsOf(request), wait, guess);
    throw new TooManyRequestsError(`Too many wrong admin keys. Try again in ${wait} seconds.`, wait);
  }

  /** The caller's hashed fingerprint, as in the audit log; never the key that was sent. */
  private factsOf(request: Request): WrongKeyFacts {
    return { fingerprint: this.audit.fingerprint(request), correlationId: correlationIdOf(request), method: request.method, path: request.path };
  }
}
