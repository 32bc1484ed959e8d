import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';

export interface RateLimiterOptions {
  /** Hits a key may make per window; the next one is refused. */
  limit: number;
  windowMs: number;
  /**
   * Most keys remembered at once. A flood of new addresses evicts the least recently seen
   * ones instead of growing memory or the cost of a hit.
   */
  maxKeys?: number;
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * How many hits an address may make per window. `hit` counts one and answers the seconds to
 * wait when the address is over its budget, else 0.
 */
export interface AddressBudget {
  hit(key: string): number | Promise<number>;
  /** The seconds left while the key is over its budget, else 0; counts nothing. */
  blockedFor(key: string): number | Promise<number>;
}

/** Enough for any one instance's distinct callers in a window, at about 100 bytes a key. */
export const DEFAULT_MAX_KEYS = 50_000;

/**
 * Fixed-window counters per key, in memory, bounded by an LRU with the window as its TTL:
 * each hit is O(1) and nothing ever scans the table. One process's own count: the shared
 * budget (SharedAddressBudget) falls back to it while PostgreSQL cannot be reached.
 */
export class RateLimiter implements AddressBudget {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly windows: LRUCache<string, Window>;

  constructor(options: RateLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
    this.windows = new LRUCache<string, Window>({
      max: options.maxKeys ?? DEFAULT_MAX_KEYS,
      ttl: options.windowMs,
      // The TTL runs on the same clock as the windows, so a test's clock expires them too.
      perf: { now: this.now },
    });
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.windows.size;
  }

  /** Counts one hit; returns the seconds to wait when the key is over its limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.limit ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  blockedFor(key: string): number {
    const now = this.now();
    const window = this.windows.get(key);
    return window && window.resetAt > now && window.count > this.limit ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }
}

/**
 * The key an address is counted under. IPv4 as is (IPv4-mapped IPv6 too); IPv6 per /64,
 * because one subscriber usually holds a whole /64 and could otherwise take a fresh
 * budget with every address in it. Anything unparsable is its own key.
 */
export function addressKey(address: string): string {
  const bare = address.split('%')[0]!;
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return address;
  const hextets = ipv6Hextets(bare);
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [high, low] = [hextets[6]!, hextets[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address: `::` expanded, a dotted IPv4 tail split in two. */
function ipv6Hextets(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  const missing = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...new Array<number>(missing).fill(0), ...back];
}
