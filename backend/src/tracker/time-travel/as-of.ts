import { InvalidInputError } from '../../shared/domain-errors.js';

// `?asOf=` on the public reads and the audit: which point of the log to show the ladder at.

/** A point of the log: every event up to a position, or up to a time. */
export type AsOf = { position: number } | { time: number };

const POSITION = /^\d{1,15}$/;
const ISO_TIME = /^\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?)?$/;

/** `?asOf=`: a log position (a whole number) or an ISO 8601 time; undefined or '' when absent. */
export function parseAsOf(raw: unknown): AsOf | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'string' && POSITION.test(raw)) return { position: Number(raw) };
  if (typeof raw === 'string' && ISO_TIME.test(raw) && !Number.isNaN(Date.parse(raw))) return { time: Date.parse(raw) };
  throw new InvalidInputError('asOf must be an event position (a whole number) or an ISO 8601 time such as 2025-03-01T12:00:00Z.');
}
