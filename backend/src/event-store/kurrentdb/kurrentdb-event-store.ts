import { END, KurrentDBClient } from '@kurrent/kurrentdb-client';
import {
  UnstorableEventError,
  unstorableTextPath,
  WrongExpectedRevisionError,
  type AppendContext,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@team/contracts';
import { KurrentLog, type KurrentClient } from './kurrentdb-log.js';
import { eventDataOf, portEventOf, revisionOf, streamStateOf, translateError, userEventsFilter } from './kurrentdb-mapping.js';
import { KurrentWakeup, type KurrentWakeupOptions } from './kurrentdb-wakeup.js';

export type KurrentDBEventStoreOptions = KurrentWakeupOptions;

/**
 * The event store on KurrentDB (EVENTSTORE_URL). Streams, expected revisions and idempotent
 * appends by event id are KurrentDB's own; the global log is $all without KurrentDB's system
 * events, and a position is an event's commit position (kurrentdb-mapping.ts). Appends are not
 * grouped here: KurrentDB groups concurrent writes into its own commits.
 */
export class KurrentDBEventStore implements EventStore {
  /** Reads beyond the port, for the owners' log readers (openLadderLog, openTimeTravelLog, openAuditLog). */
  readonly log: KurrentLog;
  private readonly wakeup: KurrentWakeup;

  constructor(
    private readonly client: KurrentClient,
    options: KurrentDBEventStoreOptions = {},
  ) {
    this.log = new KurrentLog(client);
    this.wakeup = new KurrentWakeup(
      (wake) => client.subscribeToAll({ fromPosition: END, filter: userEventsFilter({ checkpointReached: wake }) }),
      options,
    );
  }

  /** A store on its own client for a connection string (`kurrentdb://host:2113?tls=false`). */
  static connect(url: string, options: KurrentDBEventStoreOptions = {}): KurrentDBEventStore {
    return new KurrentDBEventStore(KurrentDBClient.connectionString(url), options);
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    context: AppendContext,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // Refused as PostgreSQL refuses it: the read tables (PostgreSQL) could not keep such text either.
    for (const [i, event] of events.entries()) {
      const path = unstorableTextPath(event.data, `events[${i}].data`);
      if (path) throw new UnstorableEventError(streamId, path);
    }
    const data = events.map((event) => eventDataOf(event, event.context ?? context));
    let result;
    try {
      result = await this.client.appendToStream(streamId, data, { streamState: streamStateOf(expectedRevision) });
    } catch (error) {
      throw translateError(error, { streamId, expected: expectedRevision });
    }
    const nextExpectedRevision = revisionOf(result.nextExpectedRevision);
    if (!result.success) throw new WrongExpectedRevisionError(streamId, expectedRevision, nextExpectedRevision);
    const positions = await this.positionsOf(streamId, events, nextExpectedRevision);
    return { nextExpectedRevision, positions, lastPosition: positions[positions.length - 1]! };
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const event of this.log.stream(streamId, { fromRevision })) events.push(portEventOf(event));
    return events;
  }

  /** Reads $all from `{ commit: afterPosition, prepare: afterPosition }`, without the event there. */
  async readAll(afterPosition: number, batchSize: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const event of this.log.all({ from: afterPosition, maxCount: batchSize })) events.push(portEventOf(event));
    return events;
  }

  headPosition(): Promise<number> {
    return this.log.head();
  }

  onAppended(listener: () => void): () => void {
    return this.wakeup.add(listener);
  }

  async close(): Promise<void> {
    this.wakeup.close();
    await this.client.dispose();
  }

  /**
   * The positions of the events just appended (or found again, for a retried append), read
   * back from the stream: the append's answer holds one position for the whole write, and none
   * for an idempotent repeat. The events normally sit at the revisions ending at the one
   * returned; a repeat whose revisions cannot be told from the answer is found by id.
   */
  private async positionsOf(streamId: string, events: readonly NewEvent[], lastRevision: number): Promise<number[]> {
    const ids = events.map((event) => event.id.toLowerCase());
    const first = lastRevision - events.length + 1;
    const found = new Map<string, number>();
    if (first >= 0) {
      for await (const event of this.log.stream(streamId, { fromRevision: first, maxCount: events.length })) {
        found.set(event.id.toLowerCase(), event.position);
      }
    }
    if (!ids.every((id) => found.has(id))) {
      for await (const event of this.log.stream(streamId)) found.set(event.id.toLowerCase(), event.position);
    }
    return ids.map((id) => {
      const position = found.get(id);
      if (position === undefined) throw new Error(`An event appended to ${streamId} (${id}) could not be read back`);
      return position;
    });
  }
}
