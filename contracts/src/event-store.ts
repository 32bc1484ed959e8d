/**
 * The event store port. Adapters (PostgreSQL today, KurrentDB as a production option)
 * implement it; callers depend on nothing else.
 */

import type { AdminKeyRef } from './admin-keys/admin-key-ref.js';

/** Who caused an event, for the audit log. */
export type Actor = 'admin' | 'public' | 'system';

export interface EventMetadata {
  eventId: string;
  type: string;
  schemaVersion: number;
  /** ISO-8601 time the command was decided. */
  recordedAt: string;
  /** Ties every event of one request together: the server's own id, never the client's. */
  correlationId: string;
  /** The caller's `x-correlation-id`, when it sent a well-formed one: for its tracing, not trusted to be unique. */
  clientCorrelationId?: string;
  actor: Actor;
  /** A salted hash of the caller's address: enough to group one caller's actions, not to find them. */
  fingerprint?: string;
  /** Set on a match an admin imported from a file (POST /api/admin/import): which file, which of its matches. */
  imported?: ImportMark;
  /** The admin key that made the event (its id and name), when one did. */
  adminKey?: AdminKeyRef;
}

/** Where an imported event came from: the file's name as uploaded and the match's key in it. */
export interface ImportMark {
  file: string;
  matchKey: string;
}

/** What a caller hands to append: the adapter fills in the rest of the metadata. */
export interface NewEvent<E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  /** Unique id; an append retried with the same ids does not duplicate. */
  id: string;
  type: E['type'];
  data: E['data'];
  schemaVersion?: number;
  /**
   * The audit facts of this event when they differ from the append's: one append may carry
   * the decisions of several commands (group commit), each with its own caller.
   */
  context?: AppendContext;
}

export interface RecordedEvent<E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  /** Position in the global log; strictly increasing in commit order, no gaps a reader can skip. */
  position: number;
  streamId: string;
  /** 0-based revision within the stream. */
  revision: number;
  id: string;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

/** `no_stream`: the stream must not exist; `any`: no check; a number: the stream's last revision. */
export type ExpectedRevision = number | 'no_stream' | 'any';

export interface AppendContext {
  correlationId: string;
  clientCorrelationId?: string;
  actor: Actor;
  fingerprint?: string;
  /** Injected clock: when the decision was made (an imported match: when it was played). */
  recordedAt: Date;
  imported?: ImportMark;
  adminKey?: AdminKeyRef;
}

export interface AppendResult {
  /** The stream's last revision after the append. */
  nextExpectedRevision: number;
  /** Global positions of the appended events, in order. */
  positions: number[];
  /** The highest position written (or found, for an idempotent repeat). */
  lastPosition: number;
}

export interface EventStore {
  append(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    context: AppendContext,
  ): Promise<AppendResult>;
  /** Events of one stream from a revision (inclusive), in revision order. */
  readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /** Up to `batchSize` events after `afterPosition` (exclusive), in global order. */
  readAll(afterPosition: number, batchSize: number): Promise<RecordedEvent[]>;
  /** The highest committed position a reader may see; 0 for an empty log. */
  headPosition(): Promise<number>;
  /** Calls `listener` whenever new events may be readable (a hint: read to find out). */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Thrown by append when the stream is not at the expected revision. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at revision ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Thrown when the store cannot be reached; the API answers 503. */
export class EventStoreUnavailableError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'EventStoreUnavailableError';
  }
}

/**
 * Thrown by append when an event holds text the store cannot keep (a NUL character or a lone
 * surrogate). Validation refuses such input first; this keeps a missed field from failing
 * other requests appended with it, and the API answers 400.
 */
export class UnstorableEventError extends Error {
  constructor(readonly streamId: string, readonly path: string) {
    super(`An event for ${streamId} holds text that cannot be stored, at ${path}`);
    this.name = 'UnstorableEventError';
  }
}
