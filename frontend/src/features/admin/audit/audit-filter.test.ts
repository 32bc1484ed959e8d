import { describe, expect, it } from 'vitest';
import {
  auditQueryString,
  EMPTY_AUDIT_FILTER,
  filterFromSearchParams,
  filterProblems,
  filterToSearch,
  isoToLocalInput,
  localInputToIso,
} from './audit-filter';

describe('audit filter', () => {
  it('round-trips through the screen query string', () => {
    const filter = {
      types: ['MatchRecorded', 'PlayersMerged'],
      stream: 'ladder',
      player: '12',
      key: 'k0123456789',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-02-01T00:00:00.000Z',
      q: 'hero & co',
    };
    const search = filterToSearch(filter);
    expect(search).toBe(
      'type=MatchRecorded,PlayersMerged&stream=ladder&player=12&key=k0123456789&from=2025-01-01T00%3A00%3A00.000Z&to=2025-02-01T00%3A00%3A00.000Z&q=hero%20%26%20co',
    );
    expect(filterFromSearchParams(new URLSearchParams(search))).toEqual(filter);
  });

  it('leaves out empty fields', () => {
    expect(filterToSearch(EMPTY_AUDIT_FILTER)).toBe('');
    expect(filterToSearch({ ...EMPTY_AUDIT_FILTER, stream: '  ' })).toBe('');
    expect(filterFromSearchParams(new URLSearchParams('type=,&q='))).toEqual(EMPTY_AUDIT_FILTER);
  });

  it('adds the cursor and page size for the API', () => {
    expect(auditQueryString(EMPTY_AUDIT_FILTER, { before: null, limit: 50 })).toBe('limit=50');
    expect(auditQueryString({ ...EMPTY_AUDIT_FILTER, key: 'owner' }, { before: null, limit: 50 })).toBe('key=owner&limit=50');
    expect(auditQueryString({ ...EMPTY_AUDIT_FILTER, types: ['ContentEdited'], player: '3' }, { before: 120, limit: 50 })).toBe(
      'type=ContentEdited&player=3&before=120&limit=50',
    );
  });

  it('names what is wrong before sending', () => {
    expect(filterProblems(EMPTY_AUDIT_FILTER)).toEqual([]);
    expect(filterProblems({ ...EMPTY_AUDIT_FILTER, player: 'abc' })).toEqual(['Player ID must be a whole number above 0.']);
    expect(filterProblems({ ...EMPTY_AUDIT_FILTER, player: '0' })).toEqual(['Player ID must be a whole number above 0.']);
    expect(
      filterProblems({ ...EMPTY_AUDIT_FILTER, from: '2025-02-01T00:00:00.000Z', to: '2025-01-01T00:00:00.000Z' }),
    ).toEqual(['The start of the time range must be before its end.']);
  });

  it('converts datetime-local values to instants and back in local time', () => {
    const iso = localInputToIso('2025-03-04T10:15', 'start');
    expect(new Date(iso).getHours()).toBe(10);
    expect(new Date(iso).getSeconds()).toBe(0);
    expect(isoToLocalInput(iso)).toBe('2025-03-04T10:15');
    const end = new Date(localInputToIso('2025-03-04T10:15', 'end'));
    expect([end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([15, 59, 999]);
    expect(localInputToIso('', 'start')).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
});
