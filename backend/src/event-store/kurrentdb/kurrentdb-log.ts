import { BACKWARDS, END, FORWARDS, START, type Direction, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { kurrentPosition, recordedOf, translateError, userEventsFilter, type KurrentRecordedEvent } from './kurrentdb-mapping.js';

/**
 * How far an event's `recordedAt` (our clock, when the command was decided) may run ahead of
 * the server's `created` (when KurrentDB wrote it): clock skew between the app's hosts and the
 * server. The log readers that look for events recorded after a time scan $all or a stream
 * backwards and stop at the first event the server wrote this long before that time: nothing
 * older can have been recorded after it. PostgreSQL answers the same questions exactly from
 * its recorded_at index; here they are exact as long as the clocks agree within this margin.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Options of the KurrentDB log readers (tests name a fresh ladder stream and a shorter margin). */
export interface KurrentReaderOptions {
  ladderStream?: string;
  clockSkewMs?: number;
}

/** The reader options with their defaults filled in; `ladderStream` is the owner's default stream. */
export function readerSettings(options: KurrentReaderOptions, ladderStream: string): Required<KurrentReaderOptions> {
  return { ladderStream: options.ladderStream ?? ladderStream, clockSkewMs: options.clockSkewMs ?? CLOCK_SKEW_MS };
}

/** The few client calls the adapter makes: what a unit test's stub stands in for. */
export type KurrentClient = Pick<KurrentDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

export interface StreamReadOptions {
  /** Inclusive; `end` with `backwards` starts at the newest event. Default: the start (forwards) or end (backwards). */
  fromRevision?: number | 'end';
  direction?: Direction;
  maxCount?: number;
}

export interface AllReadOptions {
  direction?: Direction;
  /**
   * Exclusive, like the port's readAll: forwards, the events after this position; backwards,
   * the events before it. Absent: from the start (forwards) or the end (backwards).
   */
  from?: number;
  /** Only these event types, filtered by the server. */
  types?: readonly string[];
  maxCount?: number;
}

/**
 * Reads of the KurrentDB log as the port's events: the adapter's own reads and those of the
 * log readers (time travel, idempotency window, audit, demo keys), which need reads the port
 * does not offer: backwards, by event type, bounded by time. System events never come out,
 * an absent stream reads as empty, and client errors come out as the port's.
 */
export class KurrentLog {
  constructor(private readonly client: KurrentClient) {}

  async *stream(streamId: string, options: StreamReadOptions = {}): AsyncGenerator<KurrentRecordedEvent> {
    const direction = options.direction ?? FORWARDS;
    const from = options.fromRevision;
    const fromRevision = from === undefined ? (direction === FORWARDS ? START : END) : from === 'end' ? END : BigInt(from);
    if (typeof fromRevision === 'bigint' && fromRevision < 0n) return;
    try {
      const reads = this.client.readStream(streamId, {
        direction,
        fromRevision,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of reads) {
        const event = recordedOf(resolved);
        if (event) yield event;
      }
    } catch (error) {
      if (isStreamNotFound(error)) return;
      throw translateError(error);
    }
  }

  async *all(options: AllReadOptions = {}): AsyncGenerator<KurrentRecordedEvent> {
    const forwards = (options.direction ?? FORWARDS) === FORWARDS;
    const { maxCount, types } = options;
    let from = options.from;
    let left = maxCount ?? Infinity;
    // A bounded read that met events it drops (system events the filter let through) reads on
    // from the last one it met, until it has its count or the log ends.
    for (;;) {
      if (!forwards && from !== undefined && from <= 0) return;
      // The server's bound includes the event at `from`, which ours excludes: one more is asked for.
      const ask = left === Infinity ? undefined : left + 1;
      let met = 0;
      let lastMet: number | undefined;
      try {
        const reads = this.client.readAll({
          direction: forwards ? FORWARDS : BACKWARDS,
          fromPosition: from === undefined || (forwards && from === 0) ? (forwards ? START : END) : kurrentPosition(from),
          filter: userEventsFilter({ types }),
          ...(ask === undefined ? {} : { maxCount: ask }),
        });
        for await (const resolved of reads) {
          met++;
          const commit = resolved.event?.position?.commit;
          if (commit !== undefined) lastMet = Number(commit);
          const event = recordedOf(resolved);
          if (!event) continue;
          if (from !== undefined && (forwards ? event.position <= from : event.position >= from)) continue;
          if (types?.length && !types.includes(event.type)) continue;
          yield event;
          if (--left <= 0) return;
        }
      } catch (error) {
        throw translateError(error);
      }
      if (ask === undefined || met < ask || lastMet === undefined || lastMet === from) return;
      from = lastMet;
    }
  }

  /** The event at exactly this position, or null when none of the application's is there. */
  async eventAt(position: number): Promise<KurrentRecordedEvent | null> {
    try {
      const reads = this.client.readAll({ direction: FORWARDS, fromPosition: kurrentPosition(position), maxCount: 1, filter: userEventsFilter() });
      for await (const resolved of reads) {
        const event = recordedOf(resolved);
        return event?.position === position ? event : null;
      }
      return null;
    } catch (error) {
      throw translateError(error);
    }
  }

  /** The newest application event's position; 0 for a log without one. */
  async head(): Promise<number> {
    for await (const event of this.all({ direction: BACKWARDS, maxCount: 1 })) return event.position;
    return 0;
  }
}

function isStreamNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'stream-not-found';
}
