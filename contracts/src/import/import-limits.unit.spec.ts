import { afterEach, jest } from '@jest/globals';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ELEMENT_BYTES, MAX_IMPORT_NESTING, MAX_MATCH_KEY_LENGTH } from '../api/import-export.js';
import { MODES } from '../modes/modes.js';
import { MAX_MAP_NAME_LENGTH } from '../matches/match-map.js';
import { MAX_NAME_LENGTH, MAX_STAT_VALUE, MAX_TEAM_PLAYERS } from '../matches/match-limits.js';
import { PAUSE } from './csv.js';
import { planImport, planImportInSlices, type ImportCheckContext } from './import-check.js';

// Issue 37, item 3: an element of a JSON array, or a line of NDJSON, larger or deeper than a
// match can be is a problem of the report, found without JSON.parse ever seeing it (one parse of
// a 32 MB element held the event loop for a second, of a 32 MB `[[[[…]]]]` for twelve).

const context = (over: Partial<ImportCheckContext> = {}): ImportCheckContext => ({
  file: 'matches.json',
  format: 'json',
  modes: MODES,
  now: new Date('2025-01-01T00:00:00Z'),
  notBefore: null,
  imported: new Map(),
  requestHash: () => 'same',
  aliases: new Map(),
  ...over,
});

const bytesOf = (text: string): number => new TextEncoder().encode(text).length;

const item = (matchKey: string, extra: object = {}) => ({
  matchKey,
  playedAt: '2024-05-01T20:00:00Z',
  winningTeam: 'team1',
  team1: [{ discordId: `${matchKey}1`, username: 'A' }],
  team2: [{ discordId: `${matchKey}2`, username: 'B' }],
  ...extra,
});

/** A match whose JSON (JSON.stringify) is exactly `bytes` long, padded with `pad` (a character of 1 to 3 UTF-8 bytes). */
function matchOfBytes(matchKey: string, bytes: number, pad = 'x'): string {
  const bare = JSON.stringify(item(matchKey, { note: '' }));
  const room = bytes - bytesOf(bare);
  const wide = bytesOf(pad);
  const text = JSON.stringify(item(matchKey, { note: pad.repeat(Math.floor(room / wide)) + 'x'.repeat(room % wide) }));
  expect(bytesOf(text)).toBe(bytes);
  return text;
}

/** A match with a field `levels` deep counted from the match itself (the match object is level 1). */
function matchOfDepth(matchKey: string, levels: number): string {
  const text = JSON.stringify(item(matchKey, { note: 0 }));
  return text.replace('"note":0', `"note":${'['.repeat(levels - 1)}0${']'.repeat(levels - 1)}`);
}

/** Every string JSON.parse was handed while `run` ran. */
function parsedTexts(run: () => void): string[] {
  const parse = jest.spyOn(JSON, 'parse');
  try {
    run();
    return parse.mock.calls.map(([text]) => text);
  } finally {
    parse.mockRestore();
  }
}

afterEach(() => jest.restoreAllMocks());

describe('the limits', () => {
  test('a match is far smaller and shallower than the limits', () => {
    expect(MAX_IMPORT_ELEMENT_BYTES).toBe(64 * 1024);
    expect(MAX_IMPORT_NESTING).toBe(8);
    expect(MAX_IMPORT_ELEMENT_BYTES).toBeLessThan(MAX_IMPORT_BYTES);
  });

  test('the largest match the rules allow, pretty-printed with names of 3-byte characters, fits and imports', () => {
    const name = (i: number) => `${i}`.padEnd(MAX_NAME_LENGTH, '€');
    const player = (i: number) => ({
      discordId: name(i),
      username: name(i),
      kills: MAX_STAT_VALUE,
      deaths: MAX_STAT_VALUE,
      assists: MAX_STAT_VALUE,
      score: MAX_STAT_VALUE,
      hardpointTime: MAX_STAT_VALUE,
      captures: MAX_STAT_VALUE,
      plantsDefuses: MAX_STAT_VALUE,
    });
    const players = (from: number) => Array.from({ length: MAX_TEAM_PLAYERS }, (_, i) => player(from + i));
    const largest = {
      matchKey: 'k'.repeat(MAX_MATCH_KEY_LENGTH),
      playedAt: '2024-05-01T20:00:00.000Z',
      mode: 'Hardpoint',
      map: '€'.repeat(MAX_MAP_NAME_LENGTH),
      winningTeam: 'team1',
      team1Score: MAX_STAT_VALUE,
      team2Score: MAX_STAT_VALUE,
      team1: players(0),
      team2: players(MAX_TEAM_PLAYERS),
    };
    const text = JSON.stringify([largest], null, 2);
    expect(bytesOf(text)).toBeLessThan(MAX_IMPORT_ELEMENT_BYTES);
    const report = planImport(text, context()).report;
    // The rules' own problems only (scores above the mode's limit, say): none about size or depth.
    expect(report.problems.filter((p) => /bytes long|levels deep/.test(p.message))).toEqual([]);
    expect(report.matches).toBe(1);
  });
});

describe('a JSON array', () => {
  test(`an element of ${MAX_IMPORT_ELEMENT_BYTES} bytes is read; one of a byte more is a problem at its index, never parsed`, () => {
    const text = `[\n${JSON.stringify(item('a'))},\n${matchOfBytes('b', MAX_IMPORT_ELEMENT_BYTES + 1)},\n  ${matchOfBytes('c', MAX_IMPORT_ELEMENT_BYTES)}\n]`;
    let report!: ReturnType<typeof planImport>['report'];
    const parsed = parsedTexts(() => {
      report = planImport(text, context()).report;
    });
    expect(report.problems).toEqual([
      {
        line: 1,
        field: '',
        message: 'The element at index 1 is 65,537 bytes long; a match is never larger than 65,536 bytes (64 KB), so the element was not read.',
      },
    ]);
    expect(report).toMatchObject({ ok: false, locator: 'index', matches: 2, rows: 3 });
    expect(parsed.filter((source) => source.includes('"matchKey":"b"'))).toEqual([]);
    expect(parsed.filter((source) => source.includes('"matchKey":"c"'))).toHaveLength(1);
  });

  test('the size is counted in UTF-8 bytes, not characters', () => {
    const wide = matchOfBytes('b', MAX_IMPORT_ELEMENT_BYTES + 2, '€');
    expect(wide.length).toBeLessThan(MAX_IMPORT_ELEMENT_BYTES);
    const problems = planImport(`[${wide}]`, context()).report.problems;
    expect(problems).toEqual([{ line: 0, field: '', message: expect.stringMatching(/^The element at index 0 is 65,538 bytes long;/) }]);
    expect(planImport(`[${matchOfBytes('b', MAX_IMPORT_ELEMENT_BYTES, '€')}]`, context()).report).toMatchObject({ ok: true, problems: [] });
  });

  test(`nesting of ${MAX_IMPORT_NESTING} levels is read; one more is a problem at its index, never parsed`, () => {
    const text = JSON.stringify([item('a'), 'x', item('c')]).replace('"x"', matchOfDepth('b', MAX_IMPORT_NESTING + 1));
    let report!: ReturnType<typeof planImport>['report'];
    const parsed = parsedTexts(() => {
      report = planImport(text, context()).report;
    });
    expect(report.problems).toEqual([
      {
        line: 1,
        field: '',
        message: 'The element at index 1 nests arrays and objects 9 levels deep; a match takes 3 and an import at most 8, so the element was not read.',
      },
    ]);
    expect(report.matches).toBe(2);
    expect(parsed.filter((source) => source.includes('"matchKey":"b"'))).toEqual([]);
    expect(planImport(`[${matchOfDepth('b', MAX_IMPORT_NESTING)}]`, context()).report).toMatchObject({ ok: true, problems: [] });
  });

  test('brackets inside strings are not nesting', () => {
    const text = JSON.stringify([item('a', { note: '[[[[[[[[[[{{{{{{{{{{ \\" ]]]' })]);
    expect(planImport(text, context()).report).toMatchObject({ ok: true, problems: [] });
  });

  test('a 32 MB `[[[[…]]]]` is one problem, found in slices without a parse or a recursion', () => {
    const half = (MAX_IMPORT_BYTES - 1_024) / 2;
    const text = `[${'['.repeat(half)}${']'.repeat(half)}]`;
    const steps = planImportInSlices(text, context());
    let pauses = 0;
    let step!: ReturnType<typeof steps.next>;
    const parsed = parsedTexts(() => {
      for (step = steps.next(); !step.done; step = steps.next()) if (step.value === PAUSE) pauses++;
    });
    expect(step.done && step.value.report.problems).toEqual([
      {
        line: 0,
        field: '',
        message: `The element at index 0 is ${(half * 2).toLocaleString('en-US')} bytes long; a match is never larger than 65,536 bytes (64 KB), so the element was not read.`,
      },
    ]);
    expect(pauses).toBeGreaterThan(1);
    expect(parsed).toEqual([]);
  });

  test('deep nesting within the size limit is refused for its depth', () => {
    const text = `[${'['.repeat(30_000)}${']'.repeat(30_000)}]`;
    expect(planImport(text, context()).report.problems).toEqual([
      {
        line: 0,
        field: '',
        message: 'The element at index 0 nests arrays and objects 30,000 levels deep; a match takes 3 and an import at most 8, so the element was not read.',
      },
    ]);
  });
});

describe('an NDJSON file', () => {
  test(`a line of ${MAX_IMPORT_ELEMENT_BYTES} bytes is read; one of a byte more is a problem on its line, never parsed`, () => {
    const text = [JSON.stringify(item('a')), '', matchOfBytes('b', MAX_IMPORT_ELEMENT_BYTES + 1), `  ${matchOfBytes('c', MAX_IMPORT_ELEMENT_BYTES)}  `].join('\r\n');
    let report!: ReturnType<typeof planImport>['report'];
    const parsed = parsedTexts(() => {
      report = planImport(text, context()).report;
    });
    expect(report.problems).toEqual([
      { line: 3, field: '', message: 'Line 3 is 65,537 bytes long; a match is never larger than 65,536 bytes (64 KB), so the line was not read.' },
    ]);
    expect(report).toMatchObject({ ok: false, locator: 'line', matches: 2 });
    expect(parsed.filter((source) => source.includes('"matchKey":"b"'))).toEqual([]);
    expect(parsed.filter((source) => source.includes('"matchKey":"c"'))).toHaveLength(1);
  });

  test(`nesting of ${MAX_IMPORT_NESTING} levels is read; one more is a problem on its line`, () => {
    const text = `${JSON.stringify(item('a'))}\n${matchOfDepth('b', MAX_IMPORT_NESTING + 1)}\n${matchOfDepth('c', MAX_IMPORT_NESTING)}\n`;
    expect(planImport(text, context()).report).toMatchObject({
      matches: 2,
      problems: [
        { line: 2, field: '', message: 'Line 2 nests arrays and objects 9 levels deep; a match takes 3 and an import at most 8, so the line was not read.' },
      ],
    });
  });

  test('a 32 MB line is one problem, found in slices without a parse', () => {
    const text = `{"matchKey":"m1","team1":[${'0,'.repeat((MAX_IMPORT_BYTES - 1_024) / 2)}0]}\n`;
    const steps = planImportInSlices(text, context());
    let pauses = 0;
    let step!: ReturnType<typeof steps.next>;
    const parsed = parsedTexts(() => {
      for (step = steps.next(); !step.done; step = steps.next()) if (step.value === PAUSE) pauses++;
    });
    expect(step.done && step.value.report.problems).toEqual([
      {
        line: 1,
        field: '',
        message: `Line 1 is ${text.trim().length.toLocaleString('en-US')} bytes long; a match is never larger than 65,536 bytes (64 KB), so the line was not read.`,
      },
    ]);
    expect(pauses).toBeGreaterThan(1);
    expect(parsed).toEqual([]);
  });
});
