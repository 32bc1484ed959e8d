import {
  unstorableTextPath,
  type AppendContext,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@team/contracts';
import type { InlineProjection } from '@team/projections';

// A batch of appends as the store queues and writes it in one es_append_batch statement.

/** One append request waiting in the store's queue. */
export interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
  context: AppendContext;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** What es_append_batch answers for one request. */
export type BatchResult =
  | { status: 'ok' | 'duplicate'; positions: number[]; revision: number }
  | { status: 'conflict'; revision: number }
  | { status: 'partial' };

/**
 * Inline projection is for a small batch: a match recorded on its own is then in the read
 * tables without a second transaction (1.15× the rate one at a time in `npm run bench`). A
 * burst's batches are left to the loop, which applies several of them in one transaction while
 * the next one appends; inline, each batch's projection would hold the append lock (0.91× the
 * rate at concurrency 16 when every batch was projected inline).
 */
export const INLINE_MAX_EVENTS = 2;

export function projectsInline(batch: readonly PendingAppend[], inline: InlineProjection): boolean {
  let events = 0;
  for (const request of batch) {
    if (!inline.projects(request.streamId)) return false;
    events += request.events.length;
  }
  return events <= INLINE_MAX_EVENTS;
}

/** What es_append_batch takes: one entry per request, its events with their stored metadata. */
export type AppendPayload = {
  stream: string;
  expected: string;
  events: { id: string; type: string; schemaVersion: number; data: unknown; metadata: EventMetadata }[];
}[];

/**
 * The events a batch wrote, as a reader of the log would get them, from what was sent and the
 * positions it was given: an inline projection reads nothing back. Requests that wrote nothing
 * (a conflict, a repeat of events appended before) have none.
 */
export function appendedEvents(payload: AppendPayload, results: readonly BatchResult[]): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  payload.forEach((request, i) => {
    const result = results[i]!;
    if (result.status !== 'ok') return;
    const firstRevision = result.revision - request.events.length + 1;
    request.events.forEach((event, j) => {
      events.push({
        position: Number(result.positions[j]),
        streamId: request.stream,
        revision: firstRevision + j,
        id: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      });
    });
  });
  return events;
}

/** Where the first event's data holds text PostgreSQL cannot store, or null. */
export function firstUnstorable(events: readonly NewEvent[]): string | null {
  for (const [i, event] of events.entries()) {
    const path = unstorableTextPath(event.data, `events[${i}].data`);
    if (path) return path;
  }
  return null;
}
