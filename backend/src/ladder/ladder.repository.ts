import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { EventStoreUnavailableError, WrongExpectedRevisionError, type AppendContext, type EventStore } from '@team/contracts';
import type { AppConfig } from '../config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, KNEX, LOGGER, type Clock } from '../infrastructure/tokens.js';
import { ServiceUnavailableError } from '../shared/domain-errors.js';
import {
  decide,
  DEFAULT_IDEMPOTENCY_WINDOW_MS,
  evictAnswers,
  evolve,
  initialLadderState,
  recordMatchResponse,
  rememberAnswer,
  type LadderCommand,
  type LadderState,
} from './ladder.decider.js';
import { keyedMatchesSince } from './idempotency-window.js';
import { isLadderEvent, LADDER_STREAM, type LadderEvent, type MatchRecorded } from './ladder.events.js';
import { LadderSnapshotStore, serializeState } from './ladder.snapshot.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type AppendedLadderEvent = LadderEvent & { position: number };

/** Reads the state after a command, inside the serialised section (the state moves on after it). */
export type Answer<R> = (state: LadderState, appended: AppendedLadderEvent[]) => R;

/**
 * Conflicts mean another process appended first: catch up and decide again. The winner of a
 * race knows its new revision without a read, so under a burst it tends to win again; the
 * loser keeps trying, with a growing random pause, for up to this long before answering 503.
 */
const RETRY_BUDGET_MS = 4000;
/** Events per page of the first load: bounded memory however long the log is. */
const LOAD_PAGE = 5000;
/** A snapshot every this many events: a restart then folds at most this many from the log. */
export const SNAPSHOT_EVERY = 2000;

/** Most commands decided and appended together. */
const MAX_BATCH = 64;

interface Pending {
  command: LadderCommand;
  context: AppendContext;
  answer: Answer<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Keeps the ladder's state in memory at a known stream revision. Commands of this process are
 * decided in turn, and those that queued up while the previous batch was written are appended
 * together in one call (one commit): that is what keeps many recorders fast. Before each batch
 * the state catches up with the stream, and the append names the revision it decided on, so a
 * command of another process in between makes it a conflict to retry rather than a lost update.
 */
@Injectable()
export class LadderRepository implements OnApplicationBootstrap {
  private state: LadderState = initialLadderState();
  /** Last stream revision folded into `state`; −1 before the first event. */
  private revision = -1;
  private loading: Promise<void> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly pending: Pending[] = [];
  private batchScheduled = false;
  /** Revision of the newest snapshot written or read. */
  private snapshotRevision = -1;
  private readonly snapshots: LadderSnapshotStore;
  /** Events between snapshots; tests lower it. */
  snapshotEvery = SNAPSHOT_EVERY;
  /** How long an Idempotency-Key's answer stands (IDEMPOTENCY_WINDOW_HOURS). */
  private readonly idempotencyWindowMs: number;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
    @Inject(APP_CONFIG) config?: Pick<AppConfig, 'idempotencyWindowHours'>,
  ) {
    this.snapshots = new LadderSnapshotStore(knex);
    this.idempotencyWindowMs = config ? config.idempotencyWindowHours * 3_600_000 : DEFAULT_IDEMPOTENCY_WINDOW_MS;
  }

  /** The revision the in-memory state is at (−1: empty ladder). */
  get currentRevision(): number {
    return this.revision;
  }

  onApplicationBootstrap(): void {
    // Warm the state while the server starts listening; the first command awaits it.
    this.ensureLoaded().catch((error) => this.logger.warn({ err: error }, 'ladder state not loaded yet'));
  }

  /** Decides `command` on the current state and appends its events; serialised in this process. */
  execute<R>(command: LadderCommand, context: AppendContext, answer: Answer<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ command, context, answer, resolve: resolve as (value: unknown) => void, reject });
      this.scheduleBatch();
    });
  }

  /** Reads the caught-up state (serialised with commands). */
  read<R>(reader: (state: LadderState) => R): Promise<R> {
    const run = this.tail.then(async () => {
      await this.catchUp();
      return reader(this.state);
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** One batch per turn of the queue, so reads waiting in between get their turn too. */
  private scheduleBatch(): void {
    if (this.batchScheduled) return;
    this.batchScheduled = true;
    const run = this.tail.then(async () => {
      this.batchScheduled = false;
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.executeBatch(batch);
      } finally {
        if (this.pending.length > 0) this.scheduleBatch();
      }
    });
    this.tail = run.catch(() => undefined);
  }

  private async executeBatch(initial: Pending[]): Promise<void> {
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
      const decided: { pending: Pending; events: LadderEvent[] }[] = [];
      const deferred: Pending[] = [];
      const keysInBatch = new Set<string>();
      for (const p of batch) {
        const key = p.command.type === 'RecordMatch' ? p.command.idempotencyKey : null;
        // A repeat of a key decided in this batch needs that answer's position: next batch.
        if (key !== null && keysInBatch.has(key)) {
          deferred.push(p);
          continue;
        }
        let events: LadderEvent[];
        try {
          events = decide(p.command, this.state, { now: p.context.recordedAt, idempotencyWindowMs: this.idempotencyWindowMs });
        } catch (refusal) {
          p.reject(refusal);
          continue;
        }
        if (key !== null) keysInBatch.add(key);
        // Later commands of the batch decide on the state this one leaves.
        for (const event of events) evolve(this.state, event);
        decided.push({ pending: p, events });
      }
      const toAppend = decided.flatMap(({ pending, events }) =>
        events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, context: pending.context })),
      );
      if (toAppend.length === 0) {
        for (const { pending } of decided) this.settle(pending, []);
        this.pending.unshift(...deferred);
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
        let i = 0;
        for (const { pending, events } of decided) {
          const appended = events.map((event) => ({ ...event, position: result.positions[i++]! }) as AppendedLadderEvent);
          for (const event of appended) this.recordAnswerPosition(event);
          this.settle(pending, appended);
        }
        this.pending.unshift(...deferred);
        this.maybeSnapshot();
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

  private settle(pending: Pending, appended: AppendedLadderEvent[]): void {
    try {
      pending.resolve(pending.answer(this.state, appended));
    } catch (error) {
      pending.reject(error);
    }
  }

  /**
   * Events were evolved before their positions were known; the idempotent answers and the
   * index of matches in the log need them.
   */
  private recordAnswerPosition(event: AppendedLadderEvent): void {
    if (event.type !== 'MatchRecorded') return;
    this.state.matchPositions[event.data.matchId] = event.position;
    if (event.data.idempotencyKey === null) return;
    const prior = this.state.answers.get(event.data.idempotencyKey);
    if (prior) prior.response = recordMatchResponse(event.data, event.position);
  }

  /** Forgets the Idempotency-Key answers older than the window: memory holds one window's keys. */
  private evictOldAnswers(): void {
    evictAnswers(this.state, this.clock(), this.idempotencyWindowMs);
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

  private resetState(): void {
    this.state = initialLadderState();
    this.revision = -1;
    this.snapshotRevision = -1;
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

  /**
   * The first load starts from the newest snapshot when there is one; otherwise it pages
   * through the global log (readStream has no page size), so a long ladder is folded a page
   * at a time instead of held whole in memory.
   */
  private async load(): Promise<void> {
    const started = Date.now();
    const snapshot = await this.snapshots.load().catch((error) => {
      this.logger.warn({ err: error }, 'ladder snapshot unreadable; folding the whole log');
      return null;
    });
    if (snapshot) {
      // Snapshots keep no Idempotency-Key answers: the window's own events give them back.
      const since = new Date(this.clock().getTime() - this.idempotencyWindowMs);
      for (const { position, data } of await keyedMatchesSince(this.knex, since, snapshot.revision)) {
        rememberAnswer(snapshot.state, data, position);
      }
      this.state = snapshot.state;
      this.revision = snapshot.revision;
      this.snapshotRevision = snapshot.revision;
    } else {
      const state = initialLadderState();
      let revision = -1;
      let after = 0;
      for (;;) {
        const page = await this.store.readAll(after, LOAD_PAGE);
        for (const event of page) {
          if (event.streamId !== LADDER_STREAM || !isLadderEvent(event)) continue;
          evolve(state, event as LadderEvent, event);
          revision = event.revision;
        }
        evictAnswers(state, this.clock(), this.idempotencyWindowMs);
        if (page.length < LOAD_PAGE) break;
        after = page[page.length - 1]!.position;
      }
      this.state = state;
      this.revision = revision;
    }
    await this.foldNewEvents();
    this.logger.info({ revision: this.revision, fromSnapshot: snapshot?.revision ?? null, ms: Date.now() - started }, 'ladder state loaded');
    this.maybeSnapshot();
  }

  private maybeSnapshot(): void {
    if (this.revision - this.snapshotRevision < this.snapshotEvery) return;
    // Serialised now, while the state is at `revision`; written in the background.
    const revision = this.revision;
    const json = serializeState(this.state);
    this.snapshotRevision = revision;
    this.snapshots
      .save(revision, json)
      .catch((error) => this.logger.warn({ err: error, revision }, 'ladder snapshot not saved'));
  }

  private async catchUp(): Promise<void> {
    await this.ensureLoaded();
    await this.foldNewEvents();
    this.evictOldAnswers();
    this.maybeSnapshot();
  }

  private async foldNewEvents(): Promise<void> {
    const events = await this.store.readStream(LADDER_STREAM, this.revision + 1);
    for (const event of events) {
      if (event.revision !== this.revision + 1) throw new Error(`Ladder stream gap at revision ${this.revision + 1}`);
      if (isLadderEvent(event)) evolve(this.state, event as LadderEvent, event);
      this.revision = event.revision;
    }
  }
}
