/**
 * Fixed-window counters per key, in memory. Enough for one API process; behind several
 * instances each enforces its own share (README, operations).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns the seconds to wait when the key is over its limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.limit ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  /** Seconds to wait if the key is already over its limit, without counting a hit. */
  blockedFor(key: string): number {
    const window = this.windows.get(key);
    const now = this.now();
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return Math.ceil((window.resetAt - now) / 1000);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
