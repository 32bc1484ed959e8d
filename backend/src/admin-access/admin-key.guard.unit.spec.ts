import { Writable } from 'node:stream';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { WebRequest } from '../http/request-facts.js';
import { pino } from 'pino';
import { AuditContextFactory } from '../http/audit-context.js';
import { RateLimiter } from '../http/rate-limiter.js';
import { TooManyRequestsError, UnauthorizedError } from '../shared/domain-errors.js';
import { AdminKeyGuard } from './admin-key.guard.js';
import { AdminKeyVerifier } from './admin-key.js';
import type { AdminKeyDirectory } from './admin-keys/admin-key-directory.js';
import { BUDGET_SPENT_MESSAGE, WrongKeyLog } from './wrong-key-log.js';

const KEY = 'the-real-admin-key-123';

/** The parts of a request the guard reads. */
function requestFrom(ip: string, key?: string): WebRequest {
  const headers: Record<string, string | undefined> = { 'x-admin-key': key };
  return { ip, method: 'GET', url: '/api/admin/session', headers, socket: {} } as unknown as WebRequest;
}

function contextOf(request: WebRequest): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => request }), getHandler: () => contextOf, getClass: () => Object } as unknown as ExecutionContext;
}

describe('AdminKeyGuard', () => {
  let lines: Record<string, unknown>[];
  let guard: AdminKeyGuard;
  let audit: AuditContextFactory;

  beforeEach(() => {
    lines = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    audit = new AuditContextFactory(() => new Date(0), 'secret');
    guard = new AdminKeyGuard(
      new Reflector(),
      new AdminKeyVerifier(KEY),
      // No named keys here (admin-keys.int.spec.ts tries them on a real log).
      { lookUp: () => Promise.resolve({ refused: 'unknown' }) } as unknown as AdminKeyDirectory,
      new RateLimiter({ limit: 2, windowMs: 15 * 60_000 }),
      audit,
      new WrongKeyLog(pino({ level: 'info' }, sink), 15 * 60_000),
    );
  });

  const attempt = (ip: string, key?: string) => guard.canActivate(contextOf(requestFrom(ip, key)));

  test('the first wrong key of a window is logged at warn with the hashed fingerprint, never the key; the next is counted', async () => {
    const request = requestFrom('198.51.100.4', 'guess-number-one');
    await expect(guard.canActivate(contextOf(request))).rejects.toThrow(UnauthorizedError);
    await expect(attempt('198.51.100.4', 'guess-number-two')).rejects.toThrow(UnauthorizedError);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'wrong admin key', fingerprint: audit.fingerprint(request), wrongKeys: 1 });
    expect(JSON.stringify(lines)).not.toContain('guess-number-one');
    expect(JSON.stringify(lines)).not.toContain('198.51.100.4');
  });

  test('past the budget every request from the address is 429, the right key and no key included; other addresses pass', async () => {
    await expect(attempt('198.51.100.4', 'wrong-1')).rejects.toThrow(UnauthorizedError);
    await expect(attempt('198.51.100.4', 'wrong-2')).rejects.toThrow(UnauthorizedError);
    await expect(attempt('198.51.100.4', 'wrong-3')).rejects.toThrow(TooManyRequestsError);
    await expect(attempt('198.51.100.4', KEY)).rejects.toThrow(TooManyRequestsError);
    await expect(attempt('198.51.100.4')).rejects.toThrow(TooManyRequestsError);
    expect(lines.map((line) => [line.msg, line.wrongKeys])).toEqual([
      ['wrong admin key', 1],
      [BUDGET_SPENT_MESSAGE, 2],
    ]);
    // Another address has its own budget.
    await expect(attempt('198.51.100.5', KEY)).resolves.toBe(true);
    await expect(attempt('198.51.100.5', 'wrong-1')).rejects.toThrow(UnauthorizedError);
  });

  test('IPv6 callers in one /64 share the budget', async () => {
    await expect(attempt('2001:db8:5:6::a', 'wrong-1')).rejects.toThrow(UnauthorizedError);
    await expect(attempt('2001:db8:5:6::b', 'wrong-2')).rejects.toThrow(UnauthorizedError);
    await expect(attempt('2001:db8:5:6:ffff::c', 'wrong-3')).rejects.toThrow(TooManyRequestsError);
    await expect(attempt('2001:db8:5:7::a', 'wrong-1')).rejects.toThrow(UnauthorizedError);
  });

  test('no key at all is 401 and neither counted nor logged', async () => {
    for (let i = 0; i < 5; i++) await expect(attempt('198.51.100.4')).rejects.toThrow(UnauthorizedError);
    expect(lines).toEqual([]);
    await expect(attempt('198.51.100.4', 'wrong-1')).rejects.toThrow(UnauthorizedError);
  });
});
