import { InvalidInputError } from '../../shared/domain-errors.js';

// `?asOf=` on the public reads and the audit: which point of the log to show the ladder at.

/** A point of the log: every event up to a position, or up to a time. */
export type AsOf = { position: number } | { time: number };

const POSITION = /^\d{1,15}$/;
const ISO_TIME = /^\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?)?$/;

/**
 * The times accepted, in UTC: years 0001 to 9999. JavaScript parses year 0 and offsets that
 * push a time across either end, but PostgreSQL has no year 0, so such a time would fail the
 * query that carries it (a 500) instead of being refused here.
 */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** `?asOf=`: a log position (a whole number) or an ISO 8601 time; undefined or '' when absent. */
export function parseAsOf(raw: unknown): AsOf | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'string' && POSITION.test(raw)) return { position: Number(raw) };
  const time = typeof raw === 'string' && ISO_TIME.test(raw) ? Date.parse(raw) : Number.NaN;
  if (time >= EARLIEST && time <= LATEST) return { time };
  throw new InvalidInputError(
    'asOf must be an event position (a whole number) or an ISO 8601 time from year 0001 to 9999, such as 2025-03-01T12:00:00Z.',
  );
}
