import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { DEFAULT_MAX_KEYS } from '../http/rate-limiter.js';

/** What a line says about the request that wrote it: never the key that was sent, nor the raw address. */
export interface WrongKeyFacts {
  fingerprint: string;
  correlationId: string;
  method: string;
  path: string;
}

interface AddressLog {
  /** When this address may write its next `wrong admin key` line. */
  quietUntil: number;
  /** Wrong keys since the address's last line, not yet reported. */
  unlogged: number;
  /** Requests refused while blocked since the address's last line. */
  refused: number;
  /** The `budget spent` line was written for the current block. */
  blockLogged: boolean;
  blockedUntil: number;
}

export const WRONG_KEY_MESSAGE = 'wrong admin key';
export const BUDGET_SPENT_MESSAGE = 'admin key budget spent: every admin request from this address is refused';

/**
 * The wrong-key log, throttled per address (one process's view): the first wrong key of a
 * window writes a line; later ones are counted, and the count rides on the address's next line,
 * written when its window rolls over or when it goes over budget. A flood of guesses thus costs
 * a line or two per window, not a line per guess. Bounded like the limiters (LRU).
 */
export class WrongKeyLog {
  private readonly addresses: LRUCache<string, AddressLog>;

  constructor(
    private readonly logger: Logger,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.addresses = new LRUCache<string, AddressLog>({ max: DEFAULT_MAX_KEYS });
  }

  /** A wrong key within the budget (answered 401). */
  wrongKey(address: string, facts: WrongKeyFacts): void {
    const now = this.now();
    const entry = this.entryOf(address);
    entry.unlogged += 1;
    if (entry.quietUntil > now) return;
    this.logger.warn({ ...facts, wrongKeys: entry.unlogged, ...this.refusedOf(entry) }, WRONG_KEY_MESSAGE);
    Object.assign(entry, { quietUntil: now + this.windowMs, unlogged: 0, refused: 0 });
  }

  /**
   * A request refused because the address is over budget: `guess` when it was the wrong key that
   * spent the budget (it counts as a wrong key), false for a request refused without comparing.
   */
  blocked(address: string, facts: WrongKeyFacts, retryAfterSeconds: number, guess: boolean): void {
    const now = this.now();
    const entry = this.entryOf(address);
    if (guess) entry.unlogged += 1;
    else entry.refused += 1;
    if (entry.blockLogged && entry.blockedUntil > now) return;
    this.logger.warn({ ...facts, wrongKeys: entry.unlogged, ...this.refusedOf(entry), retryAfterSeconds }, BUDGET_SPENT_MESSAGE);
    Object.assign(entry, {
      blockLogged: true,
      blockedUntil: now + retryAfterSeconds * 1000,
      quietUntil: Math.max(entry.quietUntil, now + retryAfterSeconds * 1000),
      unlogged: 0,
      refused: 0,
    });
  }

  private entryOf(address: string): AddressLog {
    let entry = this.addresses.get(address);
    if (!entry) {
      entry = { quietUntil: 0, unlogged: 0, refused: 0, blockLogged: false, blockedUntil: 0 };
      this.addresses.set(address, entry);
    }
    return entry;
  }

  private refusedOf(entry: AddressLog): { refusedWhileBlocked?: number } {
    return entry.refused > 0 ? { refusedWhileBlocked: entry.refused } : {};
  }
}
