import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { OWNER_KEY_ID, OWNER_KEY_NAME, roleCovers } from '@team/contracts';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../shared/domain-errors.js';
import type { AddressBudget } from '../http/rate-limiter.js';
import { AuditContextFactory } from '../http/audit-context.js';
import { clientBudgetKey, correlationIdOf, headerOf, pathOf, rememberAdminKey, type RequestAdminKey, type WebRequest } from '../http/request-facts.js';
import { AdminKeyVerifier } from './admin-key.js';
import { AdminKeyDirectory } from './admin-keys/admin-key-directory.js';
import { ROLE_NEEDED, type RoleNeeded } from './admin-role.js';
import { WrongKeyLog, type WrongKeyFacts } from './wrong-key-log.js';
import { quietRequestLog } from '../http/quiet-request-log.js';
import { ADMIN_FAILURE_LIMITER } from '../infrastructure/tokens.js';

/** Per address, the end of the last check queued in this process (Nest makes one guard per module). */
const checksInFlight = new Map<string, Promise<void>>();

/** The window of ADMIN_FAILURES_PER_15_MIN. */
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

const OWNER: RequestAdminKey = { id: OWNER_KEY_ID, name: OWNER_KEY_NAME, role: 'owner', expiresAt: null };

const REFUSALS = {
  unknown: 'The admin key is not valid.',
  revoked: 'This admin key has been revoked. Ask the site owner for a new one.',
  expired: 'This admin key has expired. Ask the site owner for a new one.',
} as const;

/**
 * Lets a request through only with a valid `x-admin-key` whose role covers the route's
 * (RequiresRole; the owner key, ADMIN_KEY, covers every role). The key found is remembered on the
 * request, so the events it appends say which key made them. Wrong keys spend a per-address
 * budget (ADMIN_FAILURES_PER_15_MIN, shared by every API process). Once an address is over it,
 * every admin request from it is answered 429 until its window ends, the right key included,
 * and the key is not even compared: otherwise every guess would still be checked. Other
 * addresses are not affected, so wrong keys sent from elsewhere cannot lock the admin out.
 */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: AdminKeyVerifier,
    private readonly directory: AdminKeyDirectory,
    @Inject(ADMIN_FAILURE_LIMITER) private readonly failures: AddressBudget,
    private readonly audit: AuditContextFactory,
    // One per process (CoreModule): Nest makes a guard instance per module that uses it.
    private readonly wrongKeys: WrongKeyLog,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const needed = this.reflector.getAllAndOverride<RoleNeeded | undefined>(ROLE_NEEDED, [context.getHandler(), context.getClass()]);
    await this.check(context.switchToHttp().getRequest<WebRequest>(), needed ?? 'owner');
    return true;
  }

  /**
   * The check itself, for a route that must run it before Nest does: the import's 32 MB body is
   * read only for the admin (app.ts puts this in front of its body parser). Throws 401, 403 or 429.
   */
  async check(request: WebRequest, needed: RoleNeeded): Promise<RequestAdminKey> {
    const address = clientBudgetKey(request);
    // One check at a time per address: a burst of parallel guesses would otherwise all be
    // compared before the budget's count could say stop. The admin's own requests queue too,
    // for a row read each.
    const previous = checksInFlight.get(address);
    const mine = (previous ?? Promise.resolve()).then(() => this.checkFrom(request, address));
    const key = await this.queued(address, mine);
    if (needed !== 'any' && !roleCovers(key.role, needed)) {
      throw new ForbiddenError(`This needs the ${needed} role. The key "${key.name}" has the ${key.role} role.`);
    }
    rememberAdminKey(request, key);
    return key;
  }

  /** Keeps `mine` as the address's last check until it settles. */
  private queued(address: string, mine: Promise<RequestAdminKey>): Promise<RequestAdminKey> {
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

  private async checkFrom(request: WebRequest, address: string): Promise<RequestAdminKey> {
    // Only reads the shared count: a refused request is not a guess and spends nothing.
    const blocked = await this.failures.blockedFor(address);
    if (blocked > 0) this.refuse(request, address, blocked, false);
    const presented = headerOf(request, 'x-admin-key');
    // No key at all is not a guess: nothing to count or log.
    if (!presented) throw new UnauthorizedError('A valid admin key is required.');
    if (this.verifier.matches(presented)) return OWNER;
    const lookup = await this.directory.lookUp(presented);
    if ('found' in lookup) return { id: lookup.found.id, name: lookup.found.name, role: lookup.found.role, expiresAt: lookup.found.expiresAt };
    const wait = await this.failures.hit(address);
    if (wait > 0) this.refuse(request, address, wait, true);
    quietRequestLog(request);
    this.wrongKeys.wrongKey(address, this.factsOf(request));
    throw new UnauthorizedError(REFUSALS[lookup.refused]);
  }

  private refuse(request: WebRequest, address: string, wait: number, guess: boolean): never {
    quietRequestLog(request);
    this.wrongKeys.blocked(address, this.factsOf(request), wait, guess);
    throw new TooManyRequestsError(`Too many wrong admin keys. Try again in ${wait} seconds.`, wait);
  }

  /** The caller's hashed fingerprint, as in the audit log; never the key that was sent. */
  private factsOf(request: WebRequest): WrongKeyFacts {
    return { fingerprint: this.audit.fingerprint(request), correlationId: correlationIdOf(request), method: request.method ?? 'GET', path: pathOf(request) };
  }
}
