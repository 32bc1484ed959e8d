import type { Knex } from 'knex';
import { OWNER_KEY_ID, OWNER_KEY_NAME, WEBHOOK_SECRET_FIELD, type AdminKeyRef, type AdminRole, type AuditEntry, type AuditPage, type EventMetadata } from '@team/contracts';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { MAX_ID } from '../../shared/route-params.js';
import { summarizeEvent, linksOf } from '../event-summary.js';
import { MATCH_EVENT_TYPES, textReference } from './text-reference.js';

export interface AuditFilter {
  types: string[];
  stream: string | null;
  playerId: number | null;
  /** The admin key that made the events (`owner`, or a named key's id). */
  keyId: string | null;
  from: Date | null;
  to: Date | null;
  /** Text in the type, stream or data; `Match #300` or `Player #12` also finds that match's or player's events (text-reference.ts). */
  text: string | null;
  before: number | null;
  limit: number;
}

const MAX_LIMIT = 200;

/** The field of AdminKeyCreated that holds the key's SHA-256: kept in the log, never shown. */
export const KEY_HASH_FIELD = 'keyHash';
/** The fields the audit never shows nor searches: a key's hash, and a webhook's signing secret (WebhookCreated). */
const HIDDEN_FIELDS = [KEY_HASH_FIELD, WEBHOOK_SECRET_FIELD] as const;

/** Reads and checks the query string of GET /api/admin/events. */
const EARLIEST_TIME = Date.parse('0001-01-01T00:00:00Z');
const LATEST_TIME = Date.parse('9999-12-31T23:59:59.999Z');

export function parseAuditFilter(query: Record<string, unknown>): AuditFilter {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = query[name];
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string' || value.length > 200) {
      problems.push(`${name} must be text of at most 200 characters`);
      return null;
    }
    return value;
  };
  const wholeNumber = (name: string, min: number, max: number) => {
    const raw = text(name);
    if (raw === null) return null;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}`);
      return null;
    }
    return value;
  };
  const time = (name: string) => {
    const raw = text(name);
    if (raw === null) return null;
    const value = new Date(raw);
    // NaN fails both bounds; PostgreSQL has no year 0, so earlier times would fail the query (a 500).
    if (!(value.getTime() >= EARLIEST_TIME && value.getTime() <= LATEST_TIME)) {
      problems.push(`${name} must be a date and time (ISO 8601) from year 0001 to 9999`);
      return null;
    }
    return value;
  };
  const filter: AuditFilter = {
    types: (text('type') ?? '').split(',').map((t) => t.trim()).filter(Boolean),
    stream: text('stream'),
    // Player ids are PostgreSQL integers: a larger value would fail the query's cast.
    playerId: wholeNumber('player', 1, MAX_ID),
    keyId: text('key'),
    from: time('from'),
    to: time('to'),
    text: text('q'),
    before: wholeNumber('before', 1, Number.MAX_SAFE_INTEGER),
    limit: wholeNumber('limit', 1, MAX_LIMIT) ?? 50,
  };
  if (filter.types.some((t) => !/^[A-Za-z]{1,60}$/.test(t))) problems.push('type must be event type names separated by commas');
  if (filter.keyId !== null && filter.keyId !== OWNER_KEY_ID && !/^k[0-9a-f]{10}$/.test(filter.keyId)) {
    problems.push(`key must be ${OWNER_KEY_ID} or a key id (k and 10 hex digits)`);
  }
  if (filter.from && filter.to && filter.from > filter.to) problems.push('from must not be after to');
  if (problems.length) throw new InvalidInputError('The audit filter is not valid.', problems);
  return filter;
}

/** One event of the log as the audit shows it, whichever log it was read from. */
export interface LoggedEvent {
  position: number;
  streamId: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** ISO-8601: when the command was decided (the metadata's recordedAt). */
  recordedAt: string;
}

/**
 * The audit log's reads: newest first, by global position; every filter narrows with AND.
 * The PostgreSQL implementation is below, the KurrentDB one in kurrentdb-audit-log.ts.
 */
/** The Nest token of the audit's AuditLog (open-audit-log.ts provides it). */
export const AUDIT_LOG = Symbol('AUDIT_LOG');

export interface AuditLog {
  list(filter: AuditFilter): Promise<AuditPage>;
}

/**
 * Any reference to the player bound to `?` anywhere in the payload: participants, merges,
 * corrections. (knex treats a bare ? as a binding: the jsonpath filter's ? is escaped.)
 */
const PLAYER_REFERENCED = `jsonb_path_exists(data, '$.** \\? (@.playerId == $id || @.primaryId == $id || @.duplicateId == $id)', jsonb_build_object('id', ?::int))`;

export class PostgresAuditLog implements AuditLog {
  constructor(private readonly knex: Knex) {}

  async list(filter: AuditFilter): Promise<AuditPage> {
    const query = this.knex('public.events')
      .select('position', 'stream_id', 'revision', 'type', 'data', 'metadata', 'recorded_at')
      .orderBy('position', 'desc')
      .limit(filter.limit + 1);
    if (filter.types.length) query.whereIn('type', filter.types);
    if (filter.stream) query.where('stream_id', filter.stream);
    if (filter.from) query.where('recorded_at', '>=', filter.from);
    if (filter.to) query.where('recorded_at', '<=', filter.to);
    if (filter.before) query.where('position', '<', filter.before);
    if (filter.playerId) query.whereRaw(PLAYER_REFERENCED, [filter.playerId]);
    if (filter.keyId === OWNER_KEY_ID) {
      // Admin events from before named keys were all made by the one shared key: the owner's.
      query.where((q) =>
        q.whereRaw(`metadata->'adminKey'->>'id' = ?`, [OWNER_KEY_ID]).orWhereRaw(`metadata->>'actor' = 'admin' AND NOT metadata \\? 'adminKey'`),
      );
    } else if (filter.keyId) {
      query.whereRaw(`metadata->'adminKey'->>'id' = ?`, [filter.keyId]);
    }
    if (filter.text) {
      const like = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const reference = textReference(filter.text);
      query.where((q) => {
        // Not in a key's hash nor a webhook's secret: an editor could otherwise read them out, prefix by prefix.
        q.whereILike('type', like).orWhereILike('stream_id', like).orWhereRaw(`(data ${HIDDEN_FIELDS.map((field) => `- '${field}'`).join(' ')})::text ILIKE ?`, [like]);
        if (reference?.match) {
          q.orWhere((m) => m.whereIn('type', MATCH_EVENT_TYPES).whereRaw(`data @> jsonb_build_object('matchId', ?::int)`, [reference.id]));
        }
        if (reference?.player) q.orWhereRaw(PLAYER_REFERENCED, [reference.id]);
      });
    }
    const rows = await query;
    const events: LoggedEvent[] = rows.map((row) => ({
      position: Number(row.position),
      streamId: row.stream_id,
      revision: row.revision,
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      recordedAt: new Date(row.recorded_at).toISOString(),
    }));
    return auditPage(events, filter.limit, null);
  }
}

/**
 * A page of `limit` entries from the matching events read (newest first, one more than
 * `limit` when there are more). `cursorWhenShort`: where to go on when the read stopped before
 * it found them all (a bounded scan), else null.
 */
export function auditPage(events: readonly LoggedEvent[], limit: number, cursorWhenShort: number | null): AuditPage {
  const page = events.slice(0, limit);
  return {
    events: page.map(auditEntryOf),
    nextCursor: events.length > limit ? page[page.length - 1]!.position : cursorWhenShort,
  };
}

/** Which key made an event; admin events from before named keys were the one shared key's: the owner's. */
export function adminKeyOfEvent(metadata: EventMetadata): AdminKeyRef | null {
  if (metadata.adminKey) return metadata.adminKey;
  return metadata.actor === 'admin' ? { id: OWNER_KEY_ID, name: OWNER_KEY_NAME } : null;
}

function auditEntryOf(event: LoggedEvent): AuditEntry {
  const { metadata } = event;
  return {
    position: event.position,
    recordedAt: event.recordedAt,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    actor: metadata.actor,
    correlationId: metadata.correlationId,
    fingerprint: metadata.fingerprint ?? null,
    adminKey: adminKeyOfEvent(metadata),
    summary: summarizeEvent(event, metadata),
    links: linksOf(event),
    data: withoutKeyHash(event.data),
    metadata,
  };
}

/** An event's data as the audit shows it, to every role: without a key's hash (docs/admin-keys.md) or a webhook's secret (docs/webhooks.md). */
export function withoutKeyHash(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !HIDDEN_FIELDS.some((field) => Object.hasOwn(data, field))) return data;
  const shown = { ...(data as Record<string, unknown>) };
  for (const field of HIDDEN_FIELDS) delete shown[field];
  return shown;
}

/**
 * A page of the audit as the key of `role` may see it: caller fingerprints are the owner's only
 * (README, docs/admin-keys.md); other roles get the entries without them, in the entry and in its
 * metadata. (Key hashes are gone already, for every role: auditEntryOf.)
 */
export function auditPageFor(role: AdminRole, page: AuditPage): AuditPage {
  if (role === 'owner') return page;
  return {
    ...page,
    events: page.events.map(({ fingerprint: _fingerprint, metadata, ...entry }) => {
      const { fingerprint: _inMetadata, ...shown } = metadata;
      return { ...entry, metadata: shown };
    }),
  };
}
