import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  ADMIN_KEYS_STREAM,
  WrongExpectedRevisionError,
  type AdminKeyEvent,
  type AdminKeySummary,
  type AppendContext,
  type CreatedAdminKey,
  type EventStore,
  type RecordedEvent,
} from '@team/contracts';
import { CLOCK, EVENT_STORE, LOGGER, type Clock } from '../../infrastructure/tokens.js';
import {
  decideCreate,
  decideExpiries,
  decideRevoke,
  emptyAdminKeys,
  evolveAdminKeys,
  generateAdminKey,
  hashAdminKey,
  isPastExpiry,
  summaryOf,
  type AdminKeysState,
  type CreateKeyInput,
  type NamedKey,
} from './admin-keys.state.js';

/** How often each API process looks for keys past their expiry, to log their AdminKeyExpired. */
export const EXPIRY_SWEEP_MS = 60_000;
/** Enough for several owners and sweeps writing at once; more conflicts in a row mean something is wrong. */
const MAX_ATTEMPTS = 5;

export type KeyLookup = { found: NamedKey } | { refused: 'unknown' | 'revoked' | 'expired' };

/**
 * The named admin keys, folded from the `admin-keys` stream: the write model itself, not a read
 * table, so a revoke is refused by every API process as soon as its append commits. Each lookup
 * first reads the stream past the revision it holds (one indexed query, usually empty); lookups
 * that arrive while such a read runs wait for the next one, which starts after them, so none can
 * miss an event committed before it arrived.
 */
@Injectable()
export class AdminKeyDirectory implements OnModuleInit, OnModuleDestroy {
  private state: AdminKeysState = emptyAdminKeys();
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.sweep = setInterval(() => void this.expireDue().catch((error: unknown) => this.logger.warn({ err: error }, 'admin key expiry sweep failed')), EXPIRY_SWEEP_MS);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    if (this.sweep) clearInterval(this.sweep);
  }

  /** The key `presented` stands for, or why it is refused. */
  async lookUp(presented: string): Promise<KeyLookup> {
    await this.catchUp();
    const id = this.state.byHash.get(hashAdminKey(presented));
    const key = id === undefined ? undefined : this.state.keys.get(id);
    if (!key) return { refused: 'unknown' };
    if (key.status === 'revoked') return { refused: 'revoked' };
    if (key.status === 'expired') return { refused: 'expired' };
    if (isPastExpiry(key, this.clock())) {
      void this.expireDue().catch((error: unknown) => this.logger.warn({ err: error }, 'admin key expiry failed'));
      return { refused: 'expired' };
    }
    return { found: key };
  }

  /** Every named key, newest first. */
  async list(): Promise<AdminKeySummary[]> {
    await this.catchUp();
    return [...this.state.keys.values()].reverse().map(summaryOf);
  }

  async create(input: CreateKeyInput, context: AppendContext): Promise<CreatedAdminKey & { position: number }> {
    const key = generateAdminKey();
    const keyId = `k${randomBytes(5).toString('hex')}`;
    const position = await this.decideAndAppend((state) => [decideCreate(state, input, keyId, hashAdminKey(key))], context);
    return { key, summary: summaryOf(this.state.keys.get(keyId)!), position };
  }

  async revoke(keyId: string, context: AppendContext): Promise<{ summary: AdminKeySummary; position: number }> {
    const position = await this.decideAndAppend((state) => decideRevoke(state, keyId), context);
    return { summary: summaryOf(this.state.keys.get(keyId)!), position };
  }

  /** Logs AdminKeyExpired for the keys past their expiry (a system event: no request made it). */
  async expireDue(): Promise<void> {
    await this.catchUp();
    if (decideExpiries(this.state, this.clock()).length === 0) return;
    await this.decideAndAppend((state) => decideExpiries(state, this.clock()), {
      correlationId: randomUUID(),
      actor: 'system',
      recordedAt: this.clock(),
    });
  }

  /** Decides on the state at its revision and appends expecting it; on a conflict, catches up and decides again. */
  private async decideAndAppend(decide: (state: AdminKeysState) => AdminKeyEvent[], context: AppendContext): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      await this.catchUp();
      const events = decide(this.state);
      if (events.length === 0) return 0;
      const expected = this.state.revision < 0 ? 'no_stream' : this.state.revision;
      try {
        const result = await this.store.append(
          ADMIN_KEYS_STREAM,
          events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data })),
          expected,
          context,
        );
        await this.catchUp();
        return result.lastPosition;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** Reads the stream past the held revision; callers arriving during a read share the next one. */
  private catchUp(): Promise<void> {
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
    for (const event of events) evolveAdminKeys(this.state, event);
  }
}
