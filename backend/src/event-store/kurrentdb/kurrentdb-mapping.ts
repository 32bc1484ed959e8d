import {
  ANY,
  eventTypeFilter,
  excludeSystemEvents,
  NO_STREAM,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Filter,
  type JSONEventData,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
  type AppendContext,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@team/contracts';
import { eventMetadata } from '../event-metadata.js';

// How the port's numbers, revisions, metadata and errors map onto KurrentDB's.
//
// Positions: appends over gRPC are never explicit transactions, so each event's commit and
// prepare positions are equal ("Prepare position can only be different if you use explicit
// transactions", an EventStore maintainer). The port's numeric `position`, and so the
// projector's `projection_checkpoints.position` column, is the commit position; reading $all
// from it means reading from `{ commit: p, prepare: p }`. An event whose two positions differ
// (an explicit transaction, which this application never writes) or whose position does not
// fit a JS number is refused loudly rather than mapped to a number that would lie.

/** An event as read from KurrentDB: the port's event plus the server's own commit time. */
export interface KurrentRecordedEvent extends RecordedEvent {
  /** When the server wrote it (its clock, not ours): bounds the scans by time (see CLOCK_SKEW_MS). */
  created: Date;
}

/** What KurrentDB keeps in an event's JSON metadata: ours, minus what it keeps itself (id, type). */
type StoredMetadata = Omit<EventMetadata, 'eventId' | 'type'>;

const MAX_POSITION = BigInt(Number.MAX_SAFE_INTEGER);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The port's position of a KurrentDB event position. */
export function positionOf(position: Position | undefined, what: string): number {
  if (!position) throw new Error(`KurrentDB returned ${what} without a position (KurrentDB 22.6 or later is needed)`);
  if (position.commit !== position.prepare) {
    throw new Error(
      `KurrentDB returned ${what} with commit position ${position.commit} but prepare position ${position.prepare}: ` +
        'an explicit transaction, which this application never writes and cannot map to one position',
    );
  }
  if (position.commit > MAX_POSITION || position.commit < 0n) {
    throw new Error(`KurrentDB returned ${what} at position ${position.commit}, beyond what a JS number holds exactly (2^53 - 1)`);
  }
  return Number(position.commit);
}

/** The KurrentDB position of one of the port's positions (commit = prepare, see above). */
export function kurrentPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

/** The port's revision of a KurrentDB revision (bigint). */
export function revisionOf(revision: bigint): number {
  if (revision > MAX_POSITION || revision < -1n) throw new Error(`KurrentDB returned stream revision ${revision}, beyond a JS number`);
  return Number(revision);
}

export function streamStateOf(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

/** KurrentDB's event for one of ours; its id is ours, so a retried append is recognised. */
export function eventDataOf(event: NewEvent, context: AppendContext): JSONEventData {
  // The PostgreSQL log keeps ids in a uuid column: every id this application makes is one.
  if (!UUID.test(event.id)) throw new Error(`Event ids must be UUIDs, got "${event.id}"`);
  // KurrentDB keeps the id and the type itself.
  const { eventId: _id, type: _type, ...metadata }: EventMetadata = eventMetadata(event, context);
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: event.data as JSONEventData['data'],
    metadata: metadata as unknown as JSONEventData['metadata'],
  };
}

/** The port's event of a KurrentDB read; null for a link or a system event, which no reader wants. */
export function recordedOf(resolved: ResolvedEvent | AllStreamResolvedEvent): KurrentRecordedEvent | null {
  const event = resolved.event;
  if (!event || resolved.link || isSystem(event.type, event.streamId)) return null;
  const what = `event ${event.id} of ${event.streamId}`;
  if (!event.isJson) throw new Error(`KurrentDB returned ${what} that is not JSON: it was not written by this application`);
  const stored = (typeof event.metadata === 'object' && event.metadata !== null ? event.metadata : {}) as StoredMetadata;
  return {
    position: positionOf(event.position, what),
    streamId: event.streamId,
    revision: revisionOf(event.revision),
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: { ...stored, eventId: event.id, type: event.type },
    created: event.created,
  };
}

/** The port's event, without what only KurrentDB readers use. */
export function portEventOf({ created: _created, ...event }: KurrentRecordedEvent): RecordedEvent {
  return event;
}

/** `$`-prefixed types and streams are KurrentDB's own (stats, metadata, projections' links). */
export function isSystem(type: string, streamId: string): boolean {
  return type.startsWith('$') || streamId.startsWith('$');
}

/**
 * The server-side filter of every $all read: the application's events only, and of these
 * types when given (type names are letters only: parseAuditFilter and the event unions).
 */
export function userEventsFilter(options: { types?: readonly string[]; checkpointReached?: () => void } = {}): Filter {
  const { types, checkpointReached } = options;
  const callback = checkpointReached ? { checkpointReached: () => checkpointReached() } : {};
  if (!types?.length) return excludeSystemEvents(callback);
  return eventTypeFilter({ regex: `^(?:${types.map(escapeRegex).join('|')})$`, ...callback });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** gRPC status codes the client does not always wrap in its own error classes. */
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;
const UNAVAILABLE_TYPES = new Set(['unavailable', 'deadline-exceeded', 'not-leader', 'timeout']);

/** True when a client error means the store cannot be reached now (the API answers 503). */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { type, code } = error as { type?: unknown; code?: unknown };
  return (typeof type === 'string' && UNAVAILABLE_TYPES.has(type)) || code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED;
}

/** The port's error for a client error: a conflict, an unreachable store, or the error itself. */
export function translateError(error: unknown, append?: { streamId: string; expected: ExpectedRevision }): unknown {
  if (append && isWrongExpectedVersion(error)) {
    const actual = error.actualState === NO_STREAM ? -1 : revisionOf(error.actualState);
    return new WrongExpectedRevisionError(append.streamId, append.expected, actual);
  }
  if (isUnavailable(error)) return new EventStoreUnavailableError('The event store is unavailable.', error);
  return error;
}

function isWrongExpectedVersion(error: unknown): error is WrongExpectedVersionError {
  return (
    error instanceof WrongExpectedVersionError ||
    (typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'wrong-expected-version')
  );
}
