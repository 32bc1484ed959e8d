/** The first retry comes about this long after a failure; each later one waits twice as long. */
export const FIRST_RETRY_MS = 2_000;
/** No wait between two attempts is longer than this. */
export const LONGEST_RETRY_MS = 60 * 60_000;
/** A Retry-After longer than this is taken as this (a receiver cannot park a delivery for days). */
export const LONGEST_RETRY_AFTER_MS = 60 * 60_000;

/**
 * How long to wait after the `attempts`-th failed attempt: exponential, capped, with jitter
 * (half to all of the step), so deliveries that failed together do not come back together.
 */
export function backoffMs(attempts: number, random: () => number): number {
  const step = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(30, attempts - 1)));
  return Math.round(step * (0.5 + random() * 0.5));
}

/** A Retry-After header (seconds, or an HTTP date) as a wait in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(LONGEST_RETRY_AFTER_MS, Math.ceil(Number(text) * 1000));
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(LONGEST_RETRY_AFTER_MS, Math.max(0, date - now.getTime()));
}

export type NextStep = { giveUp: true } | { giveUp: false; at: Date };

/**
 * What follows a failed attempt: the next one (after Retry-After when the receiver gave one,
 * else the backoff), or giving up once the retry window, counted from the first failure, has
 * passed. An attempt that would fall past the window's end is made at its end: the last try.
 */
export function afterFailure(input: { attempts: number; firstFailedAt: Date; now: Date; windowMs: number; retryAfter: string | null; random: () => number }): NextStep {
  const windowEnd = input.firstFailedAt.getTime() + input.windowMs;
  if (input.now.getTime() >= windowEnd) return { giveUp: true };
  const wait = retryAfterMs(input.retryAfter, input.now) ?? backoffMs(input.attempts, input.random);
  return { giveUp: false, at: new Date(Math.min(windowEnd, input.now.getTime() + wait)) };
}
