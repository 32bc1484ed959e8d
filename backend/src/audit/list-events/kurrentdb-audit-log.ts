import { BACKWARDS } from '@kurrent/kurrentdb-client';
import { EventStoreUnavailableError, type AuditPage } from '@team/contracts';
import { CLOCK_SKEW_MS, type KurrentLog, type KurrentReaderOptions } from '../../event-store/kurrentdb/kurrentdb-log.js';
import type { KurrentRecordedEvent } from '../../event-store/kurrentdb/kurrentdb-mapping.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { linksOf } from '../event-summary.js';
import { adminKeyOfEvent, auditPage, withoutKeyHash, type AuditFilter, type AuditLog, type LoggedEvent } from './list-events.query.js';
import { refersTo, textReference } from './text-reference.js';

/** Most events one audit page reads on KurrentDB before it answers with what it found. */
export const AUDIT_SCAN_LIMIT = 5000;

/**
 * The audit log on KurrentDB. The server answers the type filter ($all read backwards with an
 * event-type filter) and the stream filter (a stream read backwards); the player, text and time
 * filters are checked here, on at most `scanLimit` events per page. A page that reaches the bound
 * answers the matches it found with a cursor at the last event it read, so the next page goes on
 * from there: a rare filter gives short (even empty) pages rather than an unbounded scan. A `from`
 * time ends the read early (older events were recorded before it, see CLOCK_SKEW_MS). The text
 * search looks in the type, the stream and the data's compact JSON without a key's hash
 * (PostgreSQL searches its jsonb text, which puts a space after each colon and comma), and a text
 * like `Match #300` or `Player #12` also finds the events about that match or player
 * (text-reference.ts).
 */
export class KurrentAuditLog implements AuditLog {
  private readonly clockSkewMs: number;
  private readonly scanLimit: number;

  constructor(
    private readonly log: KurrentLog,
    options: KurrentReaderOptions & { scanLimit?: number } = {},
  ) {
    this.clockSkewMs = options.clockSkewMs ?? CLOCK_SKEW_MS;
    this.scanLimit = options.scanLimit ?? AUDIT_SCAN_LIMIT;
  }

  async list(filter: AuditFilter): Promise<AuditPage> {
    const matches = matcherOf(filter);
    const stop = filter.from ? filter.from.getTime() - this.clockSkewMs : null;
    const found: LoggedEvent[] = [];
    let scanned = 0;
    let lastRead: number | null = null;
    try {
      for await (const event of this.source(filter)) {
        // A stream is read from its end: the events at or after the cursor are passed over unbounded.
        if (filter.before !== null && event.position >= filter.before) continue;
        if (stop !== null && event.created.getTime() < stop) break;
        if (++scanned > this.scanLimit) return auditPage(found, filter.limit, lastRead);
        lastRead = event.position;
        if (!matches(event)) continue;
        found.push({ ...event, recordedAt: event.metadata.recordedAt });
        if (found.length > filter.limit) break;
      }
    } catch (error) {
      // KurrentDB refuses to read $all from a position that is not an event's.
      if (filter.before !== null && !filter.stream && !(error instanceof EventStoreUnavailableError)) {
        throw new InvalidInputError('The audit filter is not valid.', ['before must be a cursor of an earlier page']);
      }
      throw error;
    }
    return auditPage(found, filter.limit, null);
  }

  private source(filter: AuditFilter): AsyncGenerator<KurrentRecordedEvent> {
    if (filter.stream) return this.log.stream(filter.stream, { direction: BACKWARDS });
    return this.log.all({ direction: BACKWARDS, from: filter.before ?? undefined, types: filter.types });
  }
}

/** The filters as a test of one event, with PostgreSQL's meaning (see PostgresAuditLog). */
function matcherOf(filter: AuditFilter): (event: KurrentRecordedEvent) => boolean {
  const text = filter.text?.toLowerCase() ?? null;
  const reference = filter.text === null ? null : textReference(filter.text);
  return (event) => {
    const recordedAt = Date.parse(event.metadata.recordedAt);
    return (
      (filter.types.length === 0 || filter.types.includes(event.type)) &&
      (filter.stream === null || event.streamId === filter.stream) &&
      (filter.from === null || recordedAt >= filter.from.getTime()) &&
      (filter.to === null || recordedAt <= filter.to.getTime()) &&
      (filter.playerId === null || linksOf(event).playerIds.includes(filter.playerId)) &&
      (filter.keyId === null || adminKeyOfEvent(event.metadata)?.id === filter.keyId) &&
      (text === null ||
        [event.type, event.streamId, JSON.stringify(withoutKeyHash(event.data))].some((s) => s.toLowerCase().includes(text)) ||
        (reference !== null && refersTo(reference, event)))
    );
  };
}
