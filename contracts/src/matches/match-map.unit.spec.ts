import type { RecordMatchRequest } from '../api/matches.js';
import { MODES } from '../modes/modes.js';
import { MAX_MAP_NAME_LENGTH, parseMapName } from './match-map.js';
import { validateRecordMatch } from '../record-match/record-match.parse.js';

// The match's map (issue 21): optional, trimmed, blank is none, at most 40 characters, no controls.

const body = (map: unknown): Record<string, unknown> => ({
  winningTeam: 'team1',
  team1: [{ discordId: '1', username: 'Ann' }],
  team2: [{ discordId: '2', username: 'Bob' }],
  ...(map === undefined ? {} : { map }),
});

describe('parseMapName', () => {
  it.each([undefined, null, '', '   ', '\u200B', ' \uFEFF '])('%j is no map', (raw) => {
    expect(parseMapName(raw)).toEqual({ ok: true, map: null });
  });

  it('trims the name and keeps it as typed otherwise', () => {
    expect(parseMapName('  Dust II ')).toEqual({ ok: true, map: 'Dust II' });
    expect(parseMapName('Ünterwelt\\ "B"')).toEqual({ ok: true, map: 'Ünterwelt\\ "B"' });
  });

  it(`takes ${MAX_MAP_NAME_LENGTH} characters (after trimming) and refuses one more`, () => {
    expect(MAX_MAP_NAME_LENGTH).toBe(40);
    expect(parseMapName(` ${'m'.repeat(40)} `)).toEqual({ ok: true, map: 'm'.repeat(40) });
    expect(parseMapName('m'.repeat(41))).toEqual({ ok: false, message: 'Map must be at most 40 characters.' });
  });

  it.each(['Dust\nII', 'Dust\tII', 'Dust\u0000', 'Dust\u001B[31m', 'Dust\u007F', 'Dust\u0085'])('refuses control characters: %j', (raw) => {
    expect(parseMapName(raw)).toEqual({ ok: false, message: 'Map must not contain control characters.' });
  });

  it('refuses what is not text, and a lone surrogate', () => {
    expect(parseMapName(7)).toEqual({ ok: false, message: 'Map must be text.' });
    expect(parseMapName('Dust\uD800')).toEqual({ ok: false, message: 'Map must be valid Unicode text (it holds a lone surrogate).' });
  });
});

describe('validateRecordMatch with a map', () => {
  it('keeps the trimmed map in the request', () => {
    const result = validateRecordMatch(body('  Dust II '), MODES);
    expect(result.ok && result.value.map).toBe('Dust II');
  });

  it('leaves a missing or blank map out of the request, so its hash is what it was before maps', () => {
    for (const map of [undefined, null, '  ']) {
      const result = validateRecordMatch(body(map), MODES);
      expect(result.ok).toBe(true);
      expect(result.ok && result.value).not.toHaveProperty('map');
    }
  });

  it('refuses a bad map with a sentence and the field path', () => {
    const result = validateRecordMatch(body('x'.repeat(41)), MODES);
    expect(result).toMatchObject({ ok: false, error: 'Map must be at most 40 characters.', details: ['map: Map must be at most 40 characters.'] });
    const control = validateRecordMatch(body('Dust\u0007') as unknown as RecordMatchRequest, MODES);
    expect(control).toMatchObject({ ok: false, error: 'Map must not contain control characters.' });
  });
});
