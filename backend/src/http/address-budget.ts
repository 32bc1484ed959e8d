import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DEFAULT_MAX_KEYS, RateLimiter, type AddressBudget } from './rate-limiter.js';

/** The table every API process counts in (rate-limiter-flexible's layout for PostgreSQL). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** Serialises the table's creation: processes starting together would race on the catalog. */
const MIGRATE_LOCK_KEY = 7_340_004;

export async function migrateRateLimits(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATE_LOCK_KEY]);
    await trx.raw(`CREATE TABLE IF NOT EXISTS public.${RATE_LIMITS_TABLE} (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`);
    // rate-limiter-flexible deletes rows an hour past their window every five minutes.
    await trx.raw(`CREATE INDEX IF NOT EXISTS ${RATE_LIMITS_TABLE}_expire_idx ON public.${RATE_LIMITS_TABLE} (expire)`);
  });
}

export interface SharedBudgetOptions {
  knex: Knex;
  /** Names this budget's keys in the shared table (`public-writes`, `admin-failures`). */
  name: string;
  limit: number;
  windowMs: number;
  /** Told once per outage when the shared table cannot be reached and the local budget counts instead. */
  onStoreError?: (error: unknown) => void;
}

/** Keys longer than this are hashed: the column holds 255 characters and an address key is short. */
const LONGEST_PLAIN_KEY = 200;

function storedKey(address: string): string {
  return address.length > LONGEST_PLAIN_KEY ? createHash('sha256').update(address).digest('hex') : address;
}

/**
 * One budget per address across every API process: hits are counted by atomic upserts on a
 * row of the shared PostgreSQL table (rate-limiter-flexible), so two processes behind a proxy
 * give an address the same budget as one.
 * - Hits of one address that arrive while its upsert is in flight wait and go together as the
 *   next one (`consume(key, n)`): the row's new total says exactly which of them fit, so the
 *   count stays exact across processes while a busy address costs one round trip per group,
 *   not one per hit queued on the row lock.
 * - An address found over budget is remembered in this process until its window ends, so a
 *   flood from it costs no round trip at all (an LRU bounded like the in-memory limiter).
 * - If the table cannot be reached, this process counts on its own until it can: the writes
 *   it guards need the database anyway, and an outage must not turn every request into an error.
 */
export class SharedAddressBudget implements AddressBudget {
  private readonly store: RateLimiterPostgres;
  private readonly blocked: LRUCache<string, number>;
  private readonly local: RateLimiter;
  /** Per address: the hits waiting for the upsert in flight to finish. */
  private readonly waiting = new Map<string, ((wait: number) => void)[]>();
  private storeDown = false;

  constructor(private readonly options: SharedBudgetOptions) {
    this.store = new RateLimiterPostgres({
      storeClient: options.knex,
      storeType: 'knex',
      schemaName: 'public',
      tableName: RATE_LIMITS_TABLE,
      // migrateRateLimits has made it; the library would otherwise create it in the background.
      tableCreated: true,
      keyPrefix: options.name,
      points: options.limit,
      duration: Math.ceil(options.windowMs / 1000),
    });
    this.blocked = new LRUCache<string, number>({ max: DEFAULT_MAX_KEYS, ttl: options.windowMs, ttlAutopurge: false });
    this.local = new RateLimiter({ limit: options.limit, windowMs: options.windowMs });
  }

  hit(address: string): Promise<number> {
    const key = storedKey(address);
    const known = this.knownBlock(key);
    if (known > 0) return Promise.resolve(known);
    return new Promise((resolve) => {
      const queued = this.waiting.get(key);
      if (queued) {
        queued.push(resolve);
        return;
      }
      this.waiting.set(key, []);
      void this.countGroups(key, [resolve]);
    });
  }

  /**
   * Whether the address is over budget now, read from the shared row (any process may have spent
   * it) without counting a hit: a refused request must not extend or deepen the block.
   */
  async blockedFor(address: string): Promise<number> {
    const key = storedKey(address);
    const known = this.knownBlock(key);
    if (known > 0) return known;
    try {
      const state = await this.store.get(key);
      this.storeDown = false;
      if (!state || state.consumedPoints <= this.options.limit) return 0;
      const waitMs = Math.max(state.msBeforeNext, 1000);
      this.blocked.set(key, Date.now() + waitMs, { ttl: waitMs });
      return Math.ceil(waitMs / 1000);
    } catch (error) {
      if (!this.storeDown) this.options.onStoreError?.(error);
      this.storeDown = true;
      return this.local.blockedFor(key);
    }
  }

  /** Seconds left of a block this process has already seen, else 0 (no round trip). */
  private knownBlock(key: string): number {
    const blockedUntil = this.blocked.get(key);
    return blockedUntil !== undefined && blockedUntil > Date.now() ? Math.ceil((blockedUntil - Date.now()) / 1000) : 0;
  }

  /** Counts `group`, then each group that queued behind it, until none is left for the address. */
  private async countGroups(key: string, group: ((wait: number) => void)[]): Promise<void> {
    let current = group;
    for (;;) {
      const waits = await this.consume(key, current.length);
      current.forEach((resolve, i) => resolve(waits[i]!));
      const next = this.waiting.get(key)!;
      if (next.length === 0) {
        this.waiting.delete(key);
        return;
      }
      this.waiting.set(key, []);
      current = next;
    }
  }

  /** Counts `hits` hits of one address in one upsert; the seconds each must wait (0: allowed), in order. */
  private async consume(key: string, hits: number): Promise<number[]> {
    try {
      await this.store.consume(key, hits);
      this.storeDown = false;
      return new Array<number>(hits).fill(0);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        this.storeDown = false;
        // The row's total after this group: the group's first hits fit while the total before
        // them plus their own count stays within the limit.
        const fitting = Math.max(0, Math.min(hits, this.options.limit - (outcome.consumedPoints - hits)));
        const waitMs = Math.max(outcome.msBeforeNext, 1000);
        this.blocked.set(key, Date.now() + waitMs, { ttl: waitMs });
        return Array.from({ length: hits }, (_, i) => (i < fitting ? 0 : Math.ceil(waitMs / 1000)));
      }
      if (!this.storeDown) this.options.onStoreError?.(outcome);
      this.storeDown = true;
      return Array.from({ length: hits }, () => this.local.hit(key));
    }
  }
}
