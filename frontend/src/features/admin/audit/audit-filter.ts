/**
 * The audit filter lives in the screen's query string (/admin/audit?type=...&player=...),
 * so a filtered view can be bookmarked or shared, and maps one to one onto the query
 * string of GET /api/admin/events.
 */
export interface AuditFilter {
  /** Event type names; empty means every type. */
  types: string[];
  /** An exact stream id, e.g. "ladder", "content-home", "page-7". */
  stream: string;
  /** A player id, as typed. */
  player: string;
  /** The admin key that made the events: `owner`, or a named key's id ('' for every key). */
  key: string;
  /** ISO 8601 instants; empty means open-ended. */
  from: string;
  to: string;
  /** Free text matched against type, stream and payload. */
  q: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilter = { types: [], stream: '', player: '', key: '', from: '', to: '', q: '' };

export function filterFromSearchParams(params: URLSearchParams): AuditFilter {
  const text = (name: string) => (params.get(name) ?? '').trim();
  return {
    types: text('type')
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean),
    stream: text('stream'),
    player: text('player'),
    key: text('key'),
    from: text('from'),
    to: text('to'),
    q: text('q'),
  };
}

/** `name=value` pairs in a fixed order; event type names keep their commas readable. */
function pairs(filter: AuditFilter): [string, string][] {
  const result: [string, string][] = [];
  if (filter.types.length) result.push(['type', filter.types.map(encodeURIComponent).join(',')]);
  for (const name of ['stream', 'player', 'key', 'from', 'to', 'q'] as const) {
    const value = filter[name].trim();
    if (value) result.push([name, encodeURIComponent(value)]);
  }
  return result;
}

/** The screen's own query string for a filter ('' when nothing is filtered). */
export function filterToSearch(filter: AuditFilter): string {
  return pairs(filter)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The query string of GET /api/admin/events for one page of a filter. */
export function auditQueryString(filter: AuditFilter, page: { before: number | null; limit: number }): string {
  const all = pairs(filter);
  if (page.before !== null) all.push(['before', String(page.before)]);
  all.push(['limit', String(page.limit)]);
  return all.map(([name, value]) => `${name}=${value}`).join('&');
}

/** What is wrong with a filter before it is sent; empty when it can be applied. */
export function filterProblems(filter: AuditFilter): string[] {
  const problems: string[] = [];
  if (filter.player && !/^[1-9]\d*$/.test(filter.player)) problems.push('Player ID must be a whole number above 0.');
  const from = filter.from ? Date.parse(filter.from) : null;
  const to = filter.to ? Date.parse(filter.to) : null;
  if (from !== null && Number.isNaN(from)) problems.push('The start of the time range is not a valid date and time.');
  if (to !== null && Number.isNaN(to)) problems.push('The end of the time range is not a valid date and time.');
  if (from !== null && to !== null && from > to) problems.push('The start of the time range must be before its end.');
  return problems;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
export function isoToLocalInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value (local time, minute precision) as an ISO instant. The end of a
 * range covers its whole minute, so "to 10:15" includes an event at 10:15:40.
 */
export function localInputToIso(local: string, edge: 'start' | 'end'): string {
  if (!local) return '';
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return '';
  if (edge === 'end') date.setSeconds(59, 999);
  return date.toISOString();
}
