import { MATCH_CSV_COLUMNS } from '../api/import-export.js';
import type { MatchRecorded } from '../ladder/ladder-events.js';
import { MODES } from '../modes/modes.js';
import { planImport, type ImportCheckContext } from './import-check.js';
import { importCsvRows, importJsonMatch, MATCH_CSV_HEADER } from './match-export.js';

// The match's map in the import's formats (issue 21): the export writes it, the import reads it
// back, a file without the column still imports, and a bad map is a problem on its line.

const context = (over: Partial<ImportCheckContext> = {}): ImportCheckContext => ({
  file: 'matches.csv',
  format: 'csv',
  modes: MODES,
  now: new Date('2025-01-01T00:00:00Z'),
  notBefore: null,
  imported: new Map(),
  requestHash: () => 'h',
  aliases: new Map(),
  ...over,
});

const recorded = (matchId: number, map?: string): MatchRecorded['data'] => ({
  matchId,
  recordedAt: `2024-05-0${matchId}T20:00:00.000Z`,
  mode: { id: 1, name: 'Hardpoint', scoreLimit: 250 },
  pool: 1,
  winningTeam: 'team1',
  team1Score: null,
  team2Score: null,
  statsUsed: false,
  idempotencyKey: null,
  requestHash: null,
  participants: (['team1', 'team2'] as const).map((team, i) => ({
    playerId: i + 1, newPlayer: true, discordId: `d${i}`, username: `P${i}`, team, won: team === 'team1',
    kills: null, deaths: null, assists: 0, score: 0, hardpointTime: null, captures: null, plantsDefuses: null,
    ratingBefore: 1000, ratingChange: 16, ratingAfter: 1016,
  })),
  ...(map === undefined ? {} : { map }),
});

describe('the map in exports and imports', () => {
  it('is a CSV column of the export, blank for a match without one', () => {
    expect(MATCH_CSV_COLUMNS).toContain('map');
    const csv = MATCH_CSV_HEADER + importCsvRows(importJsonMatch(recorded(1, 'Dust II'), 'match-1')) + importCsvRows(importJsonMatch(recorded(2), 'match-2'));
    const lines = csv.trim().split('\r\n');
    const at = lines[0]!.split(',').indexOf('map');
    expect(lines.slice(1).map((line) => line.split(',')[at])).toEqual(['Dust II', 'Dust II', '', '']);
  });

  it('round trips: an exported map (CSV and JSON) is the imported request\'s map; none stays none', () => {
    const matches = [importJsonMatch(recorded(1, 'Dust II'), 'match-1'), importJsonMatch(recorded(2), 'match-2')];
    expect(matches.map((m) => m.map)).toEqual(['Dust II', null]);
    const csv = planImport(MATCH_CSV_HEADER + matches.map(importCsvRows).join(''), context());
    const json = planImport(JSON.stringify(matches), context({ format: 'json', file: 'm.json' }));
    for (const plan of [csv, json]) {
      expect(plan.report).toMatchObject({ ok: true, matches: 2 });
      expect(plan.toRecord.map((m) => m.request.map)).toEqual(['Dust II', undefined]);
    }
  });

  it('a file without the map column (or field) still imports, as matches without a map', () => {
    const header = 'match_key,played_at,winning_team,team,discord_id,username';
    const text = [header, 'k1,2024-05-01T20:00:00Z,1,1,a,Ann', 'k1,2024-05-01T20:00:00Z,1,2,b,Bob'].join('\n');
    const plan = planImport(text, context());
    expect(plan.report).toMatchObject({ ok: true, matches: 1, problems: [] });
    expect(plan.toRecord[0]!.request).not.toHaveProperty('map');
  });

  it('a too-long or control-character map is a dry-run problem on its line', () => {
    const header = 'match_key,played_at,map,winning_team,team,discord_id,username';
    const long = 'x'.repeat(41);
    const text = [
      header,
      `k1,2024-05-01T20:00:00Z,${long},1,1,a,Ann`,
      `k1,2024-05-01T20:00:00Z,${long},1,2,b,Bob`,
      'k2,2024-05-02T20:00:00Z,"Dust\u0007",1,1,a,Ann',
      'k2,2024-05-02T20:00:00Z,"Dust\u0007",1,2,b,Bob',
    ].join('\n');
    const { report, toRecord } = planImport(text, context());
    expect(toRecord).toEqual([]);
    expect(report.problems).toEqual([
      { line: 2, field: 'map', message: 'Map must be at most 40 characters.' },
      { line: 4, field: 'map', message: 'Map must not contain control characters.' },
    ]);
    const json = planImport(JSON.stringify([{ ...importJsonMatch(recorded(1), 'j1'), map: long }]), context({ format: 'json', file: 'm.json' }));
    expect(json.report.problems).toEqual([{ line: 0, field: 'map', message: 'Map must be at most 40 characters.' }]);
  });

  it('rows of one match must agree on the map', () => {
    const header = 'match_key,played_at,map,winning_team,team,discord_id,username';
    const text = [header, 'k1,2024-05-01T20:00:00Z,Dust II,1,1,a,Ann', 'k1,2024-05-01T20:00:00Z,Nuke,1,2,b,Bob'].join('\n');
    expect(planImport(text, context()).report.problems).toContainEqual({ line: 3, field: 'map', message: "map differs from line 2, the match's first row." });
  });
});
