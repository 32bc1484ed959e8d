import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@team/contracts';
import { advanceCheckpoint, ensureCheckpoint, READ_MODELS_CHECKPOINT, readCheckpoint, recordCheckpointFailure, type ProjectorStatus } from './checkpoint.js';
import { applyOneByOne, ProjectionEventFailedError } from './poison-events.js';
import { InlineProjectionFailedError, lockCheckpointAtHead, type InlineProjection } from './inline-projection.js';
import { applyEvents, type Projection } from './projection.js';
import { ProjectorLock } from './projector-lock.js';
import { SetAsideEvents } from './set-aside-events.js';
import { WakeableSleep } from './wakeable-sleep.js';

/** `readStream` reads the `operations` stream, where admins set aside events it must skip. */
export type ProjectorReader = Pick<EventStore, 'readAll' | 'readStream' | 'onAppended' | 'headPosition'>;

export interface ProjectorLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface ProjectorOptions {
  knex: Knex;
  reader: ProjectorReader;
  projections: readonly Projection[];
  /** Checkpoint name: one per set of read tables. */
  name?: string;
  batchSize?: number;
  logger?: ProjectorLogger;
  /** How long a standby waits before trying to become the active projector again. */
  standbyRetryMs?: number;
  /** This worker's name, shown by health and Operations while it is the active one (default host:pid). */
  worker?: string;
  /** Streams whose appends this process projects in their own transaction (see applyInline); none by default. */
  inlineStreams?: readonly string[];
}

const silent: ProjectorLogger = { info: () => {}, error: () => {} };
/**
 * Applies the global log to the read tables. Each batch of events and the checkpoint that
 * follows it commit in one transaction, so a crash anywhere leaves either the whole batch
 * applied with its checkpoint or neither: no effect is lost or applied twice. The checkpoint
 * row is locked for the batch, so even two projectors that both think they are active
 * cannot apply one event twice; the advisory lock only keeps a standby from doing useless work.
 *
 * When a batch fails, the next attempt applies its events one at a time (each in a savepoint)
 * to find the event that fails: the events before it commit, and the checkpoint row records
 * its position and since when. Events an admin has set aside are passed without being applied.
 */
export class Projector implements InlineProjection {
  readonly name: string;
  readonly worker: string;
  private readonly knex: Knex;
  private readonly reader: ProjectorReader;
  private readonly projections: readonly Projection[];
  private readonly batchSize: number;
  private readonly logger: ProjectorLogger;
  private readonly standbyRetryMs: number;
  private running = false;
  private active = false;
  private position = 0;
  private lastError: string | null = null;
  /** After a failed batch: apply one event at a time, to commit what precedes the failing event and name it. */
  private careful = false;
  private readonly setAside: SetAsideEvents;
  /**
   * The checkpoint up to which this instance has seen every batch (or null): while it equals
   * the checkpoint, the set-aside events are known from the batches without another read.
   */
  private scannedThrough: number | null = null;
  private readonly lock: ProjectorLock;
  private readonly wakeup = new WakeableSleep();
  private loop: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  private readonly waiters = new Set<{ position: number; resolve: () => void }>();
  private readonly inlineStreams: ReadonlySet<string>;

  constructor(options: ProjectorOptions) {
    this.knex = options.knex;
    this.reader = options.reader;
    this.projections = options.projections;
    this.name = options.name ?? READ_MODELS_CHECKPOINT;
    this.batchSize = options.batchSize ?? 500;
    this.logger = options.logger ?? silent;
    this.standbyRetryMs = options.standbyRetryMs ?? 2000;
    this.setAside = new SetAsideEvents(this.reader);
    this.worker = options.worker ?? `${hostname()}:${process.pid}`;
    this.lock = new ProjectorLock(this.knex, this.name, this.worker);
    this.inlineStreams = new Set(options.inlineStreams ?? []);
  }

  projects(streamId: string): boolean {
    return this.inlineStreams.has(streamId);
  }

  /**
   * Applies events inside the transaction that appends them, when the read tables are at the
   * log's head (lockCheckpointAtHead): the same projections and checkpoint as a batch of the
   * loop, so whichever applies an event, it is applied once. Not while the loop is retrying a
   * failure. A failing projection throws InlineProjectionFailedError (no savepoint: the rare
   * failure pays for a second append, not every append for two more round trips).
   */
  async applyInline(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<boolean> {
    if (events.length === 0 || this.careful || !(await lockCheckpointAtHead(trx, this.name, events[0]!.position))) return false;
    const last = events[events.length - 1]!.position;
    try {
      await applyEvents(this.projections, events, trx);
    } catch (error) {
      this.logger.error('inline projection failed; the projector applies these events', {
        name: this.name,
        positions: `${events[0]!.position}–${last}`,
        error: (error as Error).message,
      });
      throw new InlineProjectionFailedError(error);
    }
    await advanceCheckpoint(trx, this.name, last);
    return true;
  }

  committedInline(position: number): void {
    if (position > this.position) this.position = position;
    this.resolveWaiters();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopListening = this.reader.onAppended(() => this.signal());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopListening?.();
    this.signal();
    await this.loop;
    await this.releaseLock();
  }

  status(): ProjectorStatus {
    return {
      name: this.name,
      active: this.active,
      position: this.position,
      lastError: this.lastError,
      updatedAt: null,
      failingPosition: null,
      failingSince: null,
    };
  }

  /** Resolves once this projector has applied `position`, or false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /**
   * Applies one batch; returns how many events it passed (applied or set aside). Exposed for
   * tests and rebuilds. Throws ProjectionEventFailedError, after committing the events before
   * it, when an event fails while the projector is being careful (the attempt after a failure).
   */
  async processBatch(): Promise<number> {
    if (await this.idle()) return 0;
    const careful = this.careful;
    // Assigned inside the transaction's callback, so declared wide (no narrowing to null).
    let failure = null as ProjectionEventFailedError | null;
    const { applied, last } = await this.knex.transaction(async (trx) => {
      const row = await trx('projection_checkpoints').where({ name: this.name }).forUpdate().first();
      const from = Number(row.position);
      // Read inside the lock: a projector that waited on the row sees the checkpoint the other committed.
      const events = await this.reader.readAll(from, this.batchSize);
      if (events.length === 0) return { applied: 0, last: from };
      await this.learnSetAside(from, events);
      let last = from;
      let passed = 0;
      if (!careful) {
        await applyEvents(this.projections, events.filter((event) => !this.isSetAside(event.position)), trx);
        last = events[events.length - 1]!.position;
        passed = events.length;
      } else {
        ({ last, passed, failure } = await applyOneByOne(this.projections, events, from, (position) => this.isSetAside(position), trx));
        if (last === from) throw failure!;
      }
      await advanceCheckpoint(trx, this.name, last);
      return { applied: passed, last };
    });
    if (last > this.position) this.position = last;
    this.scannedThrough = last;
    this.resolveWaiters();
    if (failure) throw failure;
    this.lastError = null;
    this.careful = false;
    return applied;
  }

  /**
   * Whether the log holds nothing past the checkpoint: two plain reads, no transaction. The
   * batch's SELECT … FOR UPDATE writes the row's lock into the WAL and flushes it at commit,
   * and the store's poll wakes an idle projector every second or so. The checkpoint is read,
   * not remembered: a rebuild's swap may have moved it.
   */
  private async idle(): Promise<boolean> {
    const [checkpoint, head] = await Promise.all([readCheckpoint(this.knex, this.name), this.reader.headPosition()]);
    if (!checkpoint || head > checkpoint.position) return false;
    if (checkpoint.position > this.position) this.position = checkpoint.position;
    this.scannedThrough = checkpoint.position;
    this.resolveWaiters();
    return true;
  }

  /**
   * Makes sure every set-aside decision appended before this batch was read is known. The
   * batch's own operations events are folded in; the stream is read only when this instance
   * has not seen every batch up to `from` (a restart, another projector, a rebuild's swap),
   * when the batch is full (set-asides may follow it), or when a stream revision was missed.
   */
  private async learnSetAside(from: number, events: readonly RecordedEvent[]): Promise<void> {
    const complete = this.setAside.observe(events);
    if (!complete || this.scannedThrough !== from || events.length >= this.batchSize) await this.setAside.refresh();
  }

  private isSetAside(position: number): boolean {
    if (!this.setAside.has(position)) return false;
    this.logger.info('event set aside by an admin: skipped', { name: this.name, position });
    return true;
  }

  private async run(): Promise<void> {
    let backoff = 250;
    while (this.running) {
      try {
        if (!this.active) {
          await ensureCheckpoint(this.knex, this.name);
          this.active = await this.lock.tryAcquire();
          if (!this.active) {
            await this.sleep(this.standbyRetryMs);
            continue;
          }
          this.logger.info('projector active', { name: this.name, worker: this.worker });
        }
        const applied = await this.processBatch();
        backoff = 250;
        if (applied === 0) await this.sleep(30_000);
      } catch (error) {
        this.lastError = (error as Error).message;
        this.logger.error('projection batch failed', { name: this.name, error: this.lastError });
        if (!this.careful) {
          // Retry at once, one event at a time: that commits what precedes a failing event and names it.
          this.careful = true;
          continue;
        }
        await recordCheckpointFailure(this.knex, this.name, this.lastError, error instanceof ProjectionEventFailedError ? error.position : null);
        if (this.lock.held && !(await this.lock.alive())) {
          this.active = false;
          await this.releaseLock();
        }
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  }

  private async releaseLock(): Promise<void> {
    if (!this.lock.held) return;
    this.active = false;
    await this.lock.release();
  }

  private resolveWaiters(): void {
    for (const waiter of this.waiters) if (waiter.position <= this.position) waiter.resolve();
  }

  private signal(): void {
    this.wakeup.signal();
  }

  private sleep(ms: number): Promise<void> {
    return this.wakeup.sleep(ms, !this.running);
  }
}
