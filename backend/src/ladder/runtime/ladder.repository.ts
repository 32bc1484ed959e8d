import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  type AppendContext,
  type EventStore,
  EventStoreUnavailableError,
  isLadderEvent,
  LADDER_STREAM,
  type LadderEvent,
  type MatchRecorded,
  WrongExpectedRevisionError,
} from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, KNEX, LOGGER, type Clock } from '../../infrastructure/tokens.js';
import { ServiceUnavailableError } from '../../shared/domain-errors.js';
import { DEFAULT_IDEMPOTENCY_WINDOW_MS, evictAnswers } from '../idempotency-window.js';
import { LADDER_LOG, type KeyedMatchLog } from './ladder-log.js';
import { PostgresLadderLog } from './postgres-ladder-log.js';
import { decideBatch, eventsToAppend, recordPosition } from './ladder-batch.js';
import { LadderCommandQueue, type Answer, type AppendedLadderEvent, type CommandSequence, type PendingCommand } from './ladder-command-queue.js';
import { foldLadderLog } from './ladder-log-fold.js';
import { LadderSnapshotPolicy } from './ladder-snapshot-policy.js';
import type { LadderCommand } from '../ladder.decider.js';
import { evolve } from '../ladder.evolve.js';
import { initialLadderState, type LadderState } from '../ladder.state.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Conflicts mean another process appended first: catch up and decide again. The winner of a
 * race knows its new revision without a read, so under a burst it tends to win again; the
 * loser keeps trying, with a growing random pause, for up to this long before answering 503.
 */
const RETRY_BUDGET_MS = 4000;

/**
 * Keeps the ladder's state in memory at a known stream revision, and writes its commands.
 * The queue (ladder-command-queue.ts) hands it batches of this process's commands, decided
 * together (ladder-batch.ts) and appended in one call (one commit). Before each batch the state
 * catches up with the stream, and the append names the revision it decided on, so a command of
 * another process in between makes it a conflict to retry rather than a lost update. Loading
 * starts from a snapshot when there is one (ladder-snapshot-policy.ts), else from the log.
 */
@Injectable()
export class LadderRepository implements OnApplicationBootstrap {
  private state: LadderState = initialLadderState();
  /** Last stream revision folded into `state`; −1 before the first event. */
  private revision = -1;
  /** When the event at `revision` was recorded (epoch ms); null for an empty ladder or not read yet. */
  private latestEventAt: number | null = null;
  private loading: Promise<void> | null = null;
  private readonly queue = new LadderCommandQueue((batch) => this.executeBatch(batch));
  private readonly snapshots: LadderSnapshotPolicy;
  /** How long an Idempotency-Key's answer stands (IDEMPOTENCY_WINDOW_HOURS). */
  private readonly idempotencyWindowMs: number;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(KNEX) knex: Knex,
    @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
    @Inject(APP_CONFIG) config?: Pick<AppConfig, 'idempotencyWindowHours'>,
    /** The ladder's own reads of the log; a repository built by hand (tests) reads the PostgreSQL log through `knex`. */
    @Inject(LADDER_LOG) ladderLog?: KeyedMatchLog,
  ) {
    this.snapshots = new LadderSnapshotPolicy(knex, logger, ladderLog ?? new PostgresLadderLog(knex));
    this.idempotencyWindowMs = config ? config.idempotencyWindowHours * 3_600_000 : DEFAULT_IDEMPOTENCY_WINDOW_MS;
  }

  /** The revision the in-memory state is at (−1: empty ladder). */
  get currentRevision(): number {
    return this.revision;
  }

  /** Events between snapshots; tests lower it. */
  get snapshotEvery(): number {
    return this.snapshots.every;
  }

  set snapshotEvery(events: number) {
    this.snapshots.every = events;
  }

  onApplicationBootstrap(): void {
    // Warm the state while the server starts listening; the first command awaits it.
    this.ensureLoaded().catch((error) => this.logger.warn({ err: error }, 'ladder state not loaded yet'));
  }

  /** Decides `command` on the current state and appends its events; serialised in this process. */
  execute<R>(command: LadderCommand, context: AppendContext, answer: Answer<R>, sequence: CommandSequence | null = null): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.enqueue({ command, context, answer, sequence, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /** Reads the caught-up state (serialised with commands). */
  read<R>(reader: (state: LadderState) => R): Promise<R> {
    return this.queue.read(async () => {
      await this.catchUp();
      return reader(this.state);
    });
  }

  /** When the ladder's latest event was recorded, or null for an empty ladder: an import adds matches only after it. */
  latestEventTime(): Promise<Date | null> {
    return this.queue.read(async () => {
      await this.catchUp();
      return this.latestEventAt === null ? null : new Date(this.latestEventAt);
    });
  }

  /** A match as its MatchRecorded says, read from the log; null when there is no such match. */
  async recordedMatch(matchId: number): Promise<MatchRecorded['data'] | null> {
    const position = await this.read((state) => (Number.isSafeInteger(matchId) ? state.matchPositions[matchId] : undefined));
    if (!position) return null;
    const [event] = await this.store.readAll(position - 1, 1);
    if (!event || event.type !== 'MatchRecorded' || (event.data as MatchRecorded['data']).matchId !== matchId) {
      throw new Error(`The log has no MatchRecorded of match #${matchId} at position ${position}`);
    }
    return event.data as MatchRecorded['data'];
  }

  private async executeBatch(initial: PendingCommand[]): Promise<void> {
    const deadline = Date.now() + RETRY_BUDGET_MS;
    let batch = initial;
    for (let attempt = 1; batch.length > 0; attempt++) {
      try {
        await this.catchUp();
      } catch (error) {
        for (const p of batch) p.reject(error);
        return;
      }
      const startRevision = this.revision;
      const decidedBatch = decideBatch(batch, this.state, this.idempotencyWindowMs, this.latestEventAt);
      const { decided, deferred } = decidedBatch;
      const toAppend = eventsToAppend(decidedBatch);
      if (toAppend.length === 0) {
        for (const { pending } of decided) this.settle(pending, []);
        this.queue.requeue(deferred);
        return;
      }
      try {
        const result = await this.store.append(
          LADDER_STREAM,
          toAppend,
          startRevision === -1 ? 'no_stream' : startRevision,
          decided[0]!.pending.context,
        );
        this.revision = result.nextExpectedRevision;
        this.latestEventAt = decidedBatch.latestEventAt;
        let i = 0;
        for (const { pending, events } of decided) {
          const appended = events.map((event) => ({ ...event, position: result.positions[i++]! }) as AppendedLadderEvent);
          for (const event of appended) recordPosition(this.state, event);
          this.settle(pending, appended);
        }
        this.queue.requeue(deferred);
        this.snapshots.maybeSave(this.state, this.revision);
        return;
      } catch (error) {
        // The state holds events that were not appended: start again from the stream.
        this.resetState();
        const retry = [...decided.map((d) => d.pending), ...deferred];
        if (retry.length > 1 && !(error instanceof WrongExpectedRevisionError) && !(error instanceof EventStoreUnavailableError)) {
          // The store refused this append itself: one command must fail alone, not the
          // commands decided beside it. Each goes again in a batch of its own.
          for (const p of retry) await this.executeBatch([p]);
          return;
        }
        if (!(error instanceof WrongExpectedRevisionError) || Date.now() >= deadline) {
          const failure =
            error instanceof WrongExpectedRevisionError
              ? new ServiceUnavailableError('The ladder is very busy right now. Please try again.')
              : error;
          for (const p of retry) p.reject(failure);
          return;
        }
        this.logger.debug({ attempt, revision: startRevision }, 'ladder append conflict; catching up');
        batch = retry;
        await sleep(Math.random() * Math.min(100, 5 * attempt));
      }
    }
  }

  private settle(pending: PendingCommand, appended: AppendedLadderEvent[]): void {
    try {
      pending.resolve(pending.answer(this.state, appended));
    } catch (error) {
      pending.reject(error);
    }
  }

  private resetState(): void {
    this.state = initialLadderState();
    this.revision = -1;
    this.latestEventAt = null;
    this.snapshots.reset();
    this.loading = null;
  }

  private ensureLoaded(): Promise<void> {
    if (!this.loading) {
      this.loading = this.load().catch((error) => {
        this.loading = null;
        throw error;
      });
    }
    return this.loading;
  }

  /** The first load: from the newest snapshot when there is one, else from the whole log. */
  private async load(): Promise<void> {
    const started = Date.now();
    const snapshot = await this.snapshots.load(new Date(this.clock().getTime() - this.idempotencyWindowMs));
    const loaded = snapshot ?? (await foldLadderLog(this.store, (state) => this.evictOldAnswers(state)));
    this.state = loaded.state;
    this.revision = loaded.revision;
    await this.foldNewEvents();
    this.logger.info({ revision: this.revision, fromSnapshot: snapshot?.revision ?? null, ms: Date.now() - started }, 'ladder state loaded');
    this.snapshots.maybeSave(this.state, this.revision);
  }

  /** Forgets the Idempotency-Key answers older than the window: memory holds one window's keys. */
  private evictOldAnswers(state: LadderState): void {
    evictAnswers(state, this.clock(), this.idempotencyWindowMs);
  }

  private async catchUp(): Promise<void> {
    await this.ensureLoaded();
    await this.foldNewEvents();
    if (this.latestEventAt === null && this.revision >= 0) {
      // Loaded from a snapshot with nothing after it: the latest event's time is the log's.
      const [event] = await this.store.readStream(LADDER_STREAM, this.revision);
      if (event) this.latestEventAt = Date.parse(event.metadata.recordedAt);
    }
    this.evictOldAnswers(this.state);
    this.snapshots.maybeSave(this.state, this.revision);
  }

  private async foldNewEvents(): Promise<void> {
    const events = await this.store.readStream(LADDER_STREAM, this.revision + 1);
    for (const event of events) {
      if (event.revision !== this.revision + 1) throw new Error(`Ladder stream gap at revision ${this.revision + 1}`);
      if (isLadderEvent(event)) evolve(this.state, event as LadderEvent, event);
      this.revision = event.revision;
      this.latestEventAt = Date.parse(event.metadata.recordedAt);
    }
  }
}
