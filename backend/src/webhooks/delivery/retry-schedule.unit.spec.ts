import { afterFailure, backoffMs, FIRST_RETRY_MS, LONGEST_RETRY_MS, retryAfterMs } from './retry-schedule.js';

describe('the retry schedule of a failing delivery', () => {
  test('backs off exponentially, capped, with jitter of half to all of the step', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([FIRST_RETRY_MS, 2 * FIRST_RETRY_MS, 4 * FIRST_RETRY_MS, 8 * FIRST_RETRY_MS]);
    expect(backoffMs(3, () => 0)).toBe(2 * FIRST_RETRY_MS);
    expect(backoffMs(40, () => 1)).toBe(LONGEST_RETRY_MS);
  });

  test('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('0.25', now)).toBe(250);
    expect(retryAfterMs('Tue, 01 Dec 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  test('honours Retry-After over the backoff, makes a last try at the window end, then gives up', () => {
    const firstFailedAt = new Date('2026-12-01T12:00:00Z');
    const windowMs = 24 * 3_600_000;
    const at = (ms: number) => new Date(firstFailedAt.getTime() + ms);
    expect(afterFailure({ attempts: 1, firstFailedAt, now: at(0), windowMs, retryAfter: '30', random: () => 1 })).toEqual({ giveUp: false, at: at(30_000) });
    expect(afterFailure({ attempts: 1, firstFailedAt, now: at(0), windowMs, retryAfter: null, random: () => 1 })).toEqual({ giveUp: false, at: at(FIRST_RETRY_MS) });
    expect(afterFailure({ attempts: 30, firstFailedAt, now: at(windowMs - 1000), windowMs, retryAfter: null, random: () => 1 })).toEqual({ giveUp: false, at: at(windowMs) });
    expect(afterFailure({ attempts: 31, firstFailedAt, now: at(windowMs), windowMs, retryAfter: null, random: () => 1 })).toEqual({ giveUp: true });
  });
});
