import type { Knex } from 'knex';
import {
  EventStoreUnavailableError,
  UnstorableEventError,
  WrongExpectedRevisionError,
  type AppendContext,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@team/contracts';
import { InlineProjectionFailedError, runMigrations, runPrepared, type EventCounter, type InlineProjection } from '@team/projections';
import { isConnectionError } from '../../infrastructure/database.js';
import type { PgNotifications } from '../../infrastructure/pg-notifications.js';
import { APPENDED_CHANNEL, eventStoreMigrations } from './postgres-event-store.migrations.js';
import { appendedEvents, firstUnstorable, projectsInline, type AppendPayload, type BatchResult, type PendingAppend } from './append-batch.js';
import { STATEMENTS, toRecorded, type EventRow } from './postgres-event-rows.js';
import { eventMetadata } from '../event-metadata.js';

export interface PostgresEventStoreOptions {
  /** Most append requests written in one statement. */
  maxBatch?: number;
  /** How often listeners are woken when no notification arrives (a fallback). */
  pollIntervalMs?: number;
}

/**
 * The event store on PostgreSQL. Appends that arrive while one is being written are queued
 * and written together by the next statement (group commit), each with its own
 * expected-revision check and its own outcome.
 */
export class PostgresEventStore implements EventStore, EventCounter {
  private readonly queue: PendingAppend[] = [];
  private flushing = false;
  private readonly maxBatch: number;
  private readonly pollIntervalMs: number;
  private inline: InlineProjection | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly notifications: PgNotifications,
    options: PostgresEventStoreOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 64;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  static migrate(knex: Knex): Promise<void> {
    return runMigrations(knex, 'event_store_migrations', eventStoreMigrations, 'public');
  }

  /**
   * From now on, a batch whose requests all append to streams `projection` projects is
   * written in one transaction with its projection (see InlineProjection).
   */
  projectInline(projection: InlineProjection): void {
    this.inline = projection;
  }

  append(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    context: AppendContext,
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    const unstorable = firstUnstorable(events);
    if (unstorable) return Promise.reject(new UnstorableEventError(streamId, unstorable));
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, expectedRevision, context, resolve, reject });
      void this.flush();
    });
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const rows = await this.guard(() => runPrepared<EventRow>(this.knex, STATEMENTS.readStream, [streamId, fromRevision]));
    return rows.map(toRecorded);
  }

  async readAll(afterPosition: number, batchSize: number): Promise<RecordedEvent[]> {
    const rows = await this.guard(() => runPrepared<EventRow>(this.knex, STATEMENTS.readAll, [afterPosition, batchSize]));
    return rows.map(toRecorded);
  }

  /** A stretch of the log by position (a rebuild reads several at once: see LogReadAhead). */
  async readRange(after: number, through: number): Promise<RecordedEvent[]> {
    const rows = await this.guard(() => this.eventsAfter(after).andWhere('position', '<=', through));
    return rows.map(toRecorded);
  }

  private eventsAfter(position: number) {
    return this.knex<EventRow>('public.events')
      .select('position', 'stream_id', 'revision', 'event_id', 'type', 'data', 'metadata')
      .where('position', '>', position)
      .orderBy('position');
  }

  async headPosition(): Promise<number> {
    const [row] = await this.guard(() => runPrepared<{ head: number | null }>(this.knex, STATEMENTS.head, []));
    return Number(row?.head ?? 0);
  }

  /** Exact, for a rebuild's progress: positions have gaps (a refused append still draws one). */
  async countUpTo(position: number): Promise<number> {
    const row = await this.guard(() => this.knex('public.events').where('position', '<=', position).count({ n: '*' }).first());
    return Number(row?.n ?? 0);
  }

  onAppended(listener: () => void): () => void {
    let unlisten: (() => void) | null = null;
    let stopped = false;
    this.notifications
      .listen(APPENDED_CHANNEL, () => listener())
      .then((stop) => {
        if (stopped) stop();
        else unlisten = stop;
      })
      .catch(() => {
        // The poll below keeps the listener served until notifications work again.
      });
    const timer = setInterval(listener, this.pollIntervalMs);
    timer.unref();
    return () => {
      stopped = true;
      clearInterval(timer);
      unlisten?.();
    };
  }

  async close(): Promise<void> {
    // The knex pool and the notification connection belong to the caller.
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.writeBatch(batch);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async writeBatch(batch: PendingAppend[]): Promise<void> {
    const payload: AppendPayload = batch.map((request) => ({
      stream: request.streamId,
      expected: String(request.expectedRevision),
      events: request.events.map((event) => ({
        id: event.id,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data: event.data,
        metadata: eventMetadata(event, event.context ?? request.context),
      })),
    }));
    let results: BatchResult[];
    try {
      const inline = this.inline && projectsInline(batch, this.inline) ? this.inline : null;
      results = await this.guard(() =>
        inline ? this.appendProjected(inline, payload) : this.appendBatch(this.knex, payload),
      );
    } catch (error) {
      // One request the database refuses (a value out of range, say) must fail alone, not
      // every request that happened to share its statement: write them one by one. An
      // unreachable database fails them all, as it would one by one.
      if (batch.length > 1 && !(error instanceof EventStoreUnavailableError)) {
        for (const request of batch) await this.writeBatch([request]);
      } else {
        for (const request of batch) request.reject(error);
      }
      return;
    }
    batch.forEach((request, i) => {
      const result = results[i]!;
      switch (result.status) {
        case 'ok':
        case 'duplicate':
          request.resolve({
            nextExpectedRevision: result.revision,
            positions: result.positions.map(Number),
            lastPosition: Number(result.positions[result.positions.length - 1]),
          });
          return;
        case 'conflict':
          request.reject(new WrongExpectedRevisionError(request.streamId, request.expectedRevision, result.revision));
          return;
        case 'partial':
          request.reject(new Error(`Some but not all of these event ids were appended before: ${request.streamId}`));
          return;
      }
    });
  }

  private async appendBatch(knex: Knex, payload: AppendPayload): Promise<BatchResult[]> {
    const rows = await runPrepared<{ results: BatchResult[] }>(knex, STATEMENTS.append, [JSON.stringify(payload)]);
    return rows[0]!.results;
  }

  /**
   * Appends the batch and projects what it wrote in the same transaction; the projection is
   * told once it committed. When a read model fails on the events, the transaction is rolled
   * back and the batch appended alone: the projector's loop then meets the failure.
   */
  private async appendProjected(inline: InlineProjection, payload: AppendPayload): Promise<BatchResult[]> {
    let projectedThrough = 0;
    try {
      const results = await this.knex.transaction(async (trx) => {
        const written = await this.appendBatch(trx, payload);
        const events = appendedEvents(payload, written);
        if (await inline.applyInline(trx, events)) projectedThrough = events[events.length - 1]!.position;
        return written;
      });
      if (projectedThrough > 0) inline.committedInline(projectedThrough);
      return results;
    } catch (error) {
      if (!(error instanceof InlineProjectionFailedError)) throw error;
      return this.appendBatch(this.knex, payload);
    }
  }

  private async guard<T>(run: () => Promise<T> | Knex.QueryBuilder): Promise<T> {
    try {
      return (await run()) as T;
    } catch (error) {
      if (isConnectionError(error)) throw new EventStoreUnavailableError('The event store is unavailable.', error);
      throw error;
    }
  }
}
