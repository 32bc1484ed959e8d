import { MATCH_CSV_COLUMNS, MAX_IMPORT_MATCHES, MAX_REPORTED_PROBLEMS } from '../api/import-export.js';
import type { MatchRecorded } from '../ladder/ladder-events.js';
import { MODES } from '../modes/modes.js';
import { RECORD_MATCH_ERRORS } from '../record-match/record-match.rules.js';
import { MAX_IMPORT_ROWS } from './import-candidates.js';
import { importFormatOf } from './import-file.js';
import { parsePlayedAt, planImport, type ImportCheckContext } from './import-check.js';
import { IMPORT_TEMPLATES, importCsvRows, importJsonMatch, MATCH_CSV_HEADER } from './match-export.js';

const context = (over: Partial<ImportCheckContext> = {}): ImportCheckContext => ({
  file: 'matches.csv',
  format: 'csv',
  modes: MODES,
  now: new Date('2025-01-01T00:00:00Z'),
  notBefore: null,
  imported: new Map(),
  requestHash: () => 'same',
  aliases: new Map(),
  ...over,
});

const HEADER = MATCH_CSV_COLUMNS.join(',');
const row = (values: Partial<Record<(typeof MATCH_CSV_COLUMNS)[number], string | number>>) =>
  MATCH_CSV_COLUMNS.map((c) => values[c] ?? '').join(',');
const match = (key: string, at: string, extra: Partial<Record<(typeof MATCH_CSV_COLUMNS)[number], string | number>> = {}) => [
  row({ match_key: key, played_at: at, winning_team: 1, team: 1, discord_id: `${key}-a`, username: 'Ann', kills: 10, deaths: 5, ...extra }),
  row({ match_key: key, played_at: at, winning_team: 1, team: 2, discord_id: `${key}-b`, username: 'Bob', kills: 5, deaths: 10, mode: extra.mode ?? '' }),
];

describe('planImport (CSV)', () => {
  it('plans the templates without a problem', () => {
    expect(planImport(IMPORT_TEMPLATES.csv, context()).report).toMatchObject({ ok: true, matches: 2, rows: 8, problems: [] });
    const json = planImport(IMPORT_TEMPLATES.json, context({ format: 'json', file: 't.json' }));
    expect(json.report).toMatchObject({ ok: true, matches: 2, locator: 'index', problems: [] });
    expect(json.toRecord[0]!.request.modeId).toBe(1);
  });

  it('reports each problem with its line and column, in record-match words', () => {
    const text = [
      HEADER,
      ...match('m1', '2024-05-01T20:00:00Z'),
      row({ match_key: 'm2', played_at: '2024-05-02T20:00:00Z', winning_team: 1, team: 1, discord_id: 'x', username: '', kills: 3, deaths: 1 }),
      row({ match_key: 'm2', played_at: '2024-05-02T20:00:00Z', winning_team: 1, team: 2, discord_id: 'y', username: 'Yan', kills: 'lots', deaths: 2 }),
      row({ match_key: 'm3', played_at: 'yesterday', winning_team: 3, team: 1, discord_id: 'p', username: 'P' }),
      row({ match_key: 'm3', played_at: 'yesterday', winning_team: 3, team: 7, discord_id: 'q', username: 'Q' }),
    ].join('\r\n');
    const { report, toRecord } = planImport(text, context());
    expect(report.ok).toBe(false);
    expect(toRecord).toEqual([]);
    expect(report.problems).toEqual([
      { line: 4, field: 'username', message: 'Username is required.' },
      { line: 5, field: 'kills', message: 'Kills must be a whole number from 0 to 1,000,000.' },
      { line: 6, field: 'played_at', message: 'The time the match was played must be a date and time such as 2024-05-01T20:30:00Z.' },
      { line: 6, field: 'winning_team', message: 'The winning team must be team1 or team2.' },
      { line: 6, field: 'team', message: 'Team 2 needs at least one player.' },
      { line: 7, field: 'team', message: 'The team must be 1 or 2.' },
    ]);
  });

  it('applies rules 2 and 3 with their messages', () => {
    const text = [
      HEADER,
      row({ match_key: 'k', played_at: '2024-05-01', winning_team: 1, team: 1, discord_id: 'a', username: 'A', kills: 3, deaths: 0 }),
      row({ match_key: 'k', played_at: '2024-05-01', winning_team: 1, team: 2, discord_id: 'b', username: 'B', kills: 0, deaths: 0 }),
    ].join('\n');
    const messages = planImport(text, context()).report.problems.map((p) => `${p.line} ${p.field} ${p.message}`);
    expect(messages).toEqual(['3 team Kills and deaths are blank while other players have K/D stats.', '2 deaths Kills are entered but deaths are not.']
      .sort());
    expect(RECORD_MATCH_ERRORS.statsAllOrNone.message).toContain('K/D');
  });

  it('refuses unknown and missing columns, rows of the wrong width and rows that disagree on the match', () => {
    expect(planImport('match_key,when\n', context()).report.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('Unknown column "when"'),
      'The column "played_at" is missing.',
      'The column "winning_team" is missing.',
      'The column "team" is missing.',
      'The column "discord_id" is missing.',
      'The column "username" is missing.',
    ]);
    const [first, second] = match('m', '2024-05-01T20:00:00Z');
    const text = [HEADER, first, second!.replace('2024-05-01T20:00:00Z', '2024-05-02T20:00:00Z'), 'a,b'].join('\n');
    expect(planImport(text, context()).report.problems).toEqual([
      { line: 3, field: 'played_at', message: "played_at differs from line 2, the match's first row." },
      { line: 4, field: '', message: `The row has 2 fields; the header has ${MATCH_CSV_COLUMNS.length}.` },
    ]);
  });

  it('refuses future matches, matches before the ladder\'s latest event, bad keys and unknown modes', () => {
    const text = [
      HEADER,
      ...match('late', '2026-01-01T00:00:00Z'),
      ...match('early', '2024-01-01T00:00:00Z'),
      ...match('has space', '2024-07-01T00:00:00Z'),
      ...match('m', '2024-07-01T00:00:00Z', { mode: 'Snooker' }),
    ].join('\n');
    const problems = planImport(text, context({ notBefore: new Date('2024-06-01T00:00:00Z') })).report.problems;
    expect(problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'played_at'],
      [4, 'played_at'],
      [6, 'match_key'],
      [8, 'mode'],
    ]);
    expect(problems[1]!.message).toContain("before the ladder's latest event (2024-06-01T00:00:00.000Z)");
    expect(problems[3]!.message).toBe('Unknown game mode');
  });

  it('orders the matches by time and leaves out those already imported', () => {
    const text = [HEADER, ...match('b', '2024-05-02T00:00:00Z'), ...match('a', '2024-05-01T00:00:00Z'), ...match('c', '2024-05-02T00:00:00Z')].join('\n');
    const plan = planImport(text, context({ imported: new Map([['c', 'same']]) }));
    expect(plan.report).toMatchObject({ ok: true, matches: 3, alreadyImported: 1 });
    expect(plan.toRecord.map((m) => m.matchKey)).toEqual(['a', 'b']);
  });

  it('reports a key already imported with other content, with its line (every export names matches match-1…N)', () => {
    const text = [HEADER, ...match('match-1', '2024-05-01T00:00:00Z'), ...match('match-2', '2024-05-02T00:00:00Z')].join('\n');
    const hash = (request: object) => JSON.stringify(request);
    const same = planImport(text, context({ requestHash: hash })).toRecord[0]!.request;
    const plan = planImport(text, context({ requestHash: hash, imported: new Map([['match-1', hash(same)], ['match-2', 'another match']]) }));
    expect(plan.report).toMatchObject({ ok: false, alreadyImported: 1 });
    expect(plan.report.problems).toEqual([
      { line: 4, field: 'match_key', message: expect.stringContaining('match-2 was already imported with different content') },
    ]);
    expect(plan.toRecord).toEqual([]);
  });

  it("refuses a match the ladder would refuse: two Discord IDs of one merged player", () => {
    const text = [HEADER, ...match('ok', '2024-05-01T00:00:00Z'), ...match('m', '2024-05-02T00:00:00Z')].join('\n');
    const aliases = new Map([
      ['m-a', { playerId: 7, username: 'Ann' }],
      ['m-b', { playerId: 7, username: 'Ann' }],
    ]);
    const plan = planImport(text, context({ aliases }));
    expect(plan.report.problems).toEqual([
      { line: 5, field: 'discord_id', message: 'Discord IDs m-a and m-b belong to the same player (Ann, merged accounts).' },
    ]);
    // A key already imported is not recorded again: not checked again either.
    expect(planImport(text, context({ aliases, imported: new Map([['m', 'same']]) })).report.ok).toBe(true);
  });

  it('stops reading a file past the match and row limits, and keeps a bounded list of problems', () => {
    const tiny = `${HEADER}\n${'x\n'.repeat(MAX_IMPORT_ROWS + 10)}`;
    const plan = planImport(tiny, context());
    expect(plan.tooLarge).toMatch(/more than 1,000,000 rows/);
    expect(plan.report.ok).toBe(false);
    expect(plan.report.problems.length).toBeLessThanOrEqual(MAX_REPORTED_PROBLEMS);

    const keys = [HEADER, ...Array.from({ length: MAX_IMPORT_MATCHES + 1 }, (_, i) => row({ match_key: `k${i}`, played_at: '2024-05-01T00:00:00Z', winning_team: 1, team: 1, discord_id: 'a', username: 'A' }))].join('\n');
    expect(planImport(keys, context()).tooLarge).toMatch(/more than 20,000 matches/);

    const wrongWidth = `${HEADER}\n${'x\n'.repeat(5000)}`;
    const report = planImport(wrongWidth, context()).report;
    expect(report.problems).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(report.problems[0]).toMatchObject({ line: 2 });
    expect(report.moreProblems).toBe(5000 - MAX_REPORTED_PROBLEMS);
  });
});

describe('planImport (JSON)', () => {
  const item = (matchKey: string, extra: object = {}) => ({
    matchKey,
    playedAt: '2024-05-01T20:00:00Z',
    winningTeam: 'team1',
    team1: [{ discordId: `${matchKey}1`, username: 'A' }],
    team2: [{ discordId: `${matchKey}2`, username: 'B' }],
    ...extra,
  });

  it('reports JSON array problems by index, with field paths', () => {
    const text = JSON.stringify([item('a'), item('a'), item('c', { team1Score: -1, modeId: 1 })]);
    expect(planImport(text, context({ format: 'json' })).report.problems).toEqual([
      { line: 1, field: 'matchKey', message: 'The match key a is already used by index 0.' },
      { line: 2, field: 'team1Score', message: "Team 1's score must be a whole number from 0 to 1,000,000." },
    ]);
  });

  it('reads NDJSON by line and reports lines that are not JSON', () => {
    const text = `${JSON.stringify(item('a'))}\n\n{oops\n${JSON.stringify(item('b', { winningTeam: 'x' }))}\n`;
    const problems = planImport(text, context({ format: 'json' })).report.problems;
    expect(problems).toEqual([
      { line: 3, field: '', message: expect.stringMatching(/^The line is not valid JSON/) },
      { line: 4, field: 'winningTeam', message: 'The winning team must be team1 or team2.' },
    ]);
  });

  it('refuses a file that is not JSON', () => {
    expect(planImport('[1,', context({ format: 'json' })).report.problems[0]!.message).toMatch(/^The file is not valid JSON/);
  });
});

describe('the export formats', () => {
  const recorded: MatchRecorded['data'] = {
    matchId: 4,
    recordedAt: '2024-05-01T20:00:00.000Z',
    mode: { id: 2, name: 'Control', scoreLimit: 3 },
    pool: 2,
    winningTeam: 'team2',
    team1Score: 1,
    team2Score: 3,
    statsUsed: false,
    idempotencyKey: null,
    requestHash: null,
    participants: [
      { playerId: 1, newPlayer: true, discordId: '1', username: 'A, "the" one', team: 'team1', won: false, kills: null, deaths: null, assists: 2, score: 10, hardpointTime: null, captures: 1, plantsDefuses: null, ratingBefore: 1000, ratingChange: -16, ratingAfter: 984 },
      { playerId: 2, newPlayer: true, discordId: '2', username: 'B', team: 'team2', won: true, kills: null, deaths: null, assists: 0, score: 0, hardpointTime: null, captures: null, plantsDefuses: null, ratingBefore: 1000, ratingChange: 16, ratingAfter: 1016 },
    ],
  };

  it('guards cells a spreadsheet would run as formulas, and reads them back as they were', () => {
    const [a, b] = recorded.participants;
    const data = { ...recorded, participants: [{ ...a!, username: '=HYPERLINK("http://evil")' }, { ...b!, username: '@SUM(1)' }] };
    const rows = importCsvRows(importJsonMatch(data, '-1+2'));
    expect(rows).toContain(`'-1+2,`);
    expect(rows).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(rows).toContain(`'@SUM(1)`);
    const plan = planImport(MATCH_CSV_HEADER + rows, context());
    expect(plan.report.problems).toEqual([]);
    expect(plan.toRecord[0]!.matchKey).toBe('-1+2');
    expect(plan.toRecord[0]!.request.team1[0]!.username).toBe('=HYPERLINK("http://evil")');
    expect(plan.toRecord[0]!.request.team2[0]!.username).toBe('@SUM(1)');
  });

  it('writes a match that plans back to the same record-match request', () => {
    const json = importJsonMatch(recorded, 'match-4');
    const csv = planImport(MATCH_CSV_HEADER + importCsvRows(json), context());
    const fromJson = planImport(JSON.stringify([json]), context({ format: 'json' }));
    expect(csv.report.problems).toEqual([]);
    expect(csv.toRecord[0]!.request).toEqual(fromJson.toRecord[0]!.request);
    expect(csv.toRecord[0]).toMatchObject({ matchKey: 'match-4', playedAt: new Date(recorded.recordedAt) });
    expect(csv.toRecord[0]!.request).toEqual({
      modeId: 2,
      winningTeam: 'team2',
      team1Score: 1,
      team2Score: 3,
      team1: [{ discordId: '1', username: 'A, "the" one', kills: 0, deaths: 0, assists: 2, score: 10, captures: 1 }],
      team2: [{ discordId: '2', username: 'B', kills: 0, deaths: 0, assists: 0, score: 0 }],
    });
  });
});

describe('parsePlayedAt and importFormatOf', () => {
  it('reads ISO times, taking a time without a zone as UTC', () => {
    expect(parsePlayedAt('2024-05-01 20:30')?.toISOString()).toBe('2024-05-01T20:30:00.000Z');
    expect(parsePlayedAt('2024-05-01T20:30:00+02:00')?.toISOString()).toBe('2024-05-01T18:30:00.000Z');
    expect(parsePlayedAt('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(parsePlayedAt('2024-13-45')).toBeNull();
    expect(parsePlayedAt('May 1st')).toBeNull();
    expect(parsePlayedAt(1714594200000)).toBeNull();
  });

  it('tells CSV from JSON by name, type or first character', () => {
    expect(importFormatOf('a.csv', undefined, '[')).toBe('csv');
    expect(importFormatOf('a.ndjson', undefined, 'x')).toBe('json');
    expect(importFormatOf('upload', 'application/json', 'x')).toBe('json');
    expect(importFormatOf('upload', undefined, ' [{}]')).toBe('json');
    expect(importFormatOf('upload', undefined, 'match_key')).toBe('csv');
  });
});
