import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_KEYS_STREAM, type AdminKeyEvent, type AdminKeySummary, type EventStore, type RecordedEvent } from '@team/contracts';
import { CLOCK, EVENT_STORE, type Clock } from '../../infrastructure/tokens.js';
import { hashAdminKey } from './admin-key-secret.js';
import { emptyAdminKeys, evolveAdminKeys, isPastExpiry, summaryOf, type AdminKeysState, type NamedKey } from './admin-keys.state.js';

export type KeyLookup = { found: NamedKey } | { refused: 'unknown' | 'revoked' | 'expired' };

/**
 * The named admin keys, folded from the `admin-keys` stream: the write model itself, not a read
 * table, so a revoke is refused by every API process as soon as its append commits. Each lookup
 * first reads the stream past the revision it holds (one indexed query, usually empty); lookups
 * that arrive while such a read runs wait for the next one, which starts after them, so none can
 * miss an event committed before it arrived. The commands that change keys (create, revoke,
 * expire: CommandBus) decide on the stream itself and append through decide-and-append.
 */
@Injectable()
export class AdminKeyDirectory {
  private state: AdminKeysState = emptyAdminKeys();
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private pastExpiry: () => void = () => undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Called when a lookup meets an active key past its expiry (the sweep then logs its AdminKeyExpired). */
  onPastExpiry(listener: () => void): void {
    this.pastExpiry = listener;
  }

  /** The key `presented` stands for, or why it is refused. */
  async lookUp(presented: string): Promise<KeyLookup> {
    await this.refresh();
    const id = this.state.byHash.get(hashAdminKey(presented));
    const key = id === undefined ? undefined : this.state.keys.get(id);
    if (!key) return { refused: 'unknown' };
    if (key.status === 'revoked') return { refused: 'revoked' };
    if (key.status === 'expired') return { refused: 'expired' };
    if (isPastExpiry(key, this.clock())) {
      this.pastExpiry();
      return { refused: 'expired' };
    }
    return { found: key };
  }

  /** Every named key, newest first. */
  async list(): Promise<AdminKeySummary[]> {
    await this.refresh();
    return [...this.state.keys.values()].reverse().map(summaryOf);
  }

  /** The key's summary once the fold has read the stream past a command's append. */
  async summaryAfter(keyId: string): Promise<AdminKeySummary> {
    await this.refresh();
    return summaryOf(this.state.keys.get(keyId)!);
  }

  /** Whether any active key is past its expiry now. */
  async anyPastExpiry(): Promise<boolean> {
    await this.refresh();
    const now = this.clock();
    return [...this.state.keys.values()].some((key) => key.status === 'active' && isPastExpiry(key, now));
  }

  /** Reads the stream past the held revision; callers arriving during a read share the next one. */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const next: Promise<void> = this.chain.then(() => {
      if (this.queued === next) this.queued = null;
      return this.readNew();
    });
    this.queued = next;
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async readNew(): Promise<void> {
    const events = (await this.store.readStream(ADMIN_KEYS_STREAM, this.state.revision + 1)) as RecordedEvent<AdminKeyEvent>[];
    for (const event of events) evolveAdminKeys(this.state, { type: event.type, data: event.data } as AdminKeyEvent, event);
  }
}
