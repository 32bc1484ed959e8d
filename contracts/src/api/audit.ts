// GET /api/admin/events: the audit log as the admin's Audit screen (and the profile's merged
// accounts) read it.
import type { Actor, EventMetadata } from '../event-store.js';
import type { AdminKeyRef } from '../admin-keys/admin-keys.js';

/** What an audit row links to: the players and pages an event touched. */
export interface EventLinks {
  playerIds: number[];
  pageSlugs: string[];
  contentPages: string[];
  /** The linked players' usernames by id, where known: as the players read model has them now, else as the event gave them. */
  playerNames: Record<number, string>;
  /** The linked pages' titles by slug, where known. */
  pageTitles: Record<string, string>;
}

/**
 * One event of the log as GET /api/admin/events shows it. `E` narrows the type and data
 * when the request filtered by type (for example `AuditEntry<PlayersMerged | PlayersUnmerged>`).
 */
export interface AuditEntry<E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  /** Position in the global log: the cursor of the pages. */
  position: number;
  recordedAt: string;
  type: E['type'];
  streamId: string;
  /** 0-based revision within the stream. */
  revision: number;
  actor: Actor;
  /** Ties every event of one request together. */
  correlationId: string;
  /**
   * A keyed hash of the caller's address (null: none, a system event). Shown to the owner key
   * only: for other roles it is left out, here and in `metadata`.
   */
  fingerprint?: string | null;
  /** The admin key that made it (admin events from before named keys: the owner's); null for public and system events. */
  adminKey: AdminKeyRef | null;
  /** One readable line, written by the server. */
  summary: string;
  links: EventLinks;
  /** The event's data; an AdminKeyCreated's without its `keyHash`, which never leaves the server. */
  data: E['data'];
  metadata: EventMetadata;
}

/** One page of the audit log, newest first. */
export interface AuditPage<E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  events: AuditEntry<E>[];
  /** Pass as `before` for the next (older) page; null at the start of the log. */
  nextCursor: number | null;
}
