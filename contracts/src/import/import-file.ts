import {
  MATCH_CSV_COLUMNS,
  MAX_IMPORT_MATCHES,
  MAX_REPORTED_PROBLEMS,
  REQUIRED_MATCH_CSV_COLUMNS,
  type ImportFormat,
  type ImportProblem,
  type MatchCsvColumn,
} from '../api/import-export.js';
import { MAX_TEAM_PLAYERS } from '../record-match/record-match.rules.js';
import { csvRecords, csvText, Pace, PAUSE, runToEnd, type CsvRead, type CsvRecord, type Pause } from './csv.js';
import { isLineBreak, JsonMeasure, readJsonArray } from './json-array.js';
import { withThousands } from '../text/with-thousands.js';

// Reading an import file into one candidate match per match key, each able to say on which
// line a field of its record-match body sits. import-check.ts validates the candidates.

/** A match as the file gives it, before any rule is checked. */
export interface ImportCandidate {
  matchKey: unknown;
  playedAt: unknown;
  /** The match's first line (CSV, NDJSON) or its index (JSON array). */
  line: number;
  /** The record-match body (POST /api/matches), as the file gives it. */
  body: Record<string, unknown>;
  /** Where a record-match problem's path (`team1[0].kills`) is in the file. */
  locate(path: string): { line: number; field: string };
}

export interface ImportFile {
  format: ImportFormat;
  locator: 'line' | 'index';
  rows: number;
  candidates: ImportCandidate[];
  problems: ProblemList;
  /** Set when the file holds more matches or rows than an import takes: reading stopped there. */
  tooLarge?: string;
}

/** Rows a CSV file may have: every match of the largest import with full teams. */
export const MAX_IMPORT_ROWS = MAX_IMPORT_MATCHES * 2 * MAX_TEAM_PLAYERS;
/** Problems kept for the report (which shows MAX_REPORTED_PROBLEMS of them, in line order); the rest are counted. */
const MAX_KEPT_PROBLEMS = MAX_REPORTED_PROBLEMS * 4;

/** A file's problems: a file of nothing but wrong rows must not make a report as large as itself. */
export class ProblemList {
  readonly kept: ImportProblem[] = [];
  total = 0;

  push(problem: ImportProblem): void {
    this.total++;
    if (this.kept.length < MAX_KEPT_PROBLEMS) this.kept.push(problem);
  }
}

// Built when the module loads, so without toLocaleString (see withThousands).
const count = withThousands;
const tooManyMatches = `The file holds more than ${count(MAX_IMPORT_MATCHES)} matches; an import takes at most ${count(MAX_IMPORT_MATCHES)}. Split it into smaller files.`;
const tooManyRows = `The file holds more than ${count(MAX_IMPORT_ROWS)} rows; an import takes at most ${count(MAX_IMPORT_MATCHES)} matches of up to ${MAX_TEAM_PLAYERS} players a team. Split it into smaller files.`;

/** A file refused whole, with one problem that says why. */
function refusedFile(base: Pick<ImportFile, 'format' | 'locator'>, rows: number, problem: ImportProblem, tooLarge?: string): ImportFile {
  const problems = new ProblemList();
  problems.push(problem);
  return { ...base, rows, candidates: [], problems, ...(tooLarge ? { tooLarge } : {}) };
}

/** CSV unless the name, the content type or the first character says JSON. */
export function importFormatOf(fileName: string, contentType: string | undefined, text: string): ImportFormat {
  if (/\.(nd)?json$/i.test(fileName) || /json/i.test(contentType ?? '')) return 'json';
  if (/\.csv$/i.test(fileName) || /csv/i.test(contentType ?? '')) return 'csv';
  return /^\uFEFF?\s*[[{]/.test(text) ? 'json' : 'csv';
}

export function readImportFile(text: string, format: ImportFormat): ImportFile {
  return runToEnd(readImportFileInSlices(text, format));
}

/** readImportFile, pausing between slices of work (see PAUSE): a 32 MB file never holds a server's event loop for long. */
export function readImportFileInSlices(text: string, format: ImportFormat): Generator<Pause, ImportFile> {
  return format === 'csv' ? readCsv(text) : readJson(text);
}

const TEAM_VALUES: Record<string, 'team1' | 'team2'> = { '1': 'team1', '2': 'team2', team1: 'team1', team2: 'team2', 'team 1': 'team1', 'team 2': 'team2' };
const teamOf = (raw: string): 'team1' | 'team2' | undefined => TEAM_VALUES[raw.trim().toLowerCase()];

/** A CSV cell as a count: blank is absent, digits are a number, anything else stays text for the rules to refuse. */
const countOf = (raw: string | undefined): unknown => {
  const cell = (raw ?? '').trim();
  if (cell === '') return undefined;
  return /^\d{1,15}$/.test(cell) ? Number(cell) : cell;
};

/** `team1Score` → `team1_score`; `modeId` is the `mode` column. */
const columnOf = (field: string): string => (field === 'modeId' ? 'mode' : field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

const COLUMN_LIST = MATCH_CSV_COLUMNS.join(', ');
const MATCH_COLUMNS: readonly MatchCsvColumn[] = ['played_at', 'mode', 'map', 'winning_team', 'team1_score', 'team2_score'];
const PLAYER_STATS = ['kills', 'deaths', 'assists', 'score', 'hardpointTime', 'captures', 'plantsDefuses'] as const;

function* readCsv(text: string): Generator<Pause, ImportFile> {
  const base = { format: 'csv' as const, locator: 'line' as const };
  let headerSeen = false;
  let headerRead = false;
  let headerRefused = false;
  /** The header's names; each column's first place among them, so a header of millions is never scanned. */
  let width = 0;
  const columnAt = new Map<string, number>();
  /** A row that came in parts (CsvRecord.more): its fields while they may still fit the header, and their count. */
  let wide: string[] = [];
  let wideCount = 0;
  let rows = 0;
  let tooLarge = null as { line: number; message: string } | null;
  const problems = new ProblemList();
  const byKey = new Map<string, CsvRecord[]>();
  const cell = (row: CsvRecord, column: MatchCsvColumn): string | undefined => {
    const i = columnAt.get(column) ?? -1;
    // An export guards cells a spreadsheet would run as formulas with an apostrophe: read it back off.
    return i < 0 ? undefined : csvText(row.fields[i]!);
  };
  // Rows are grouped as they are read, and reading stops at the limits, so a 32 MB file of tiny
  // or wrong rows never sits in memory as records.
  const pace = new Pace();
  const reader = csvRecords(text);
  let read: IteratorResult<CsvRecord | Pause, CsvRead>;
  for (read = reader.next(); !read.done; read = reader.next()) {
    const part = read.value;
    if (part === PAUSE) {
      yield PAUSE;
      continue;
    }
    if (!headerRead) {
      headerSeen = true;
      // A header may be one line of millions of names: it comes in parts, checked in slices.
      for (const field of part.fields) {
        if (pace.due()) yield PAUSE;
        const name = field.trim().toLowerCase();
        if (!columnAt.has(name)) columnAt.set(name, width);
        width++;
        if (!(MATCH_CSV_COLUMNS as readonly string[]).includes(name)) {
          problems.push({ line: part.line, field: name, message: `Unknown column "${name}". The columns are: ${COLUMN_LIST}.` });
        }
      }
      if (part.more) continue;
      headerRead = true;
      for (const name of REQUIRED_MATCH_CSV_COLUMNS) {
        if (!columnAt.has(name)) problems.push({ line: part.line, field: name, message: `The column "${name}" is missing.` });
      }
      headerRefused = problems.total > 0;
      if (headerRefused) break;
      continue;
    }
    if (part.more || wideCount > 0) {
      wideCount += part.fields.length;
      if (wideCount <= width) for (const field of part.fields) wide.push(field);
      if (part.more) continue;
    }
    const fieldCount = wideCount > 0 ? wideCount : part.fields.length;
    const row: CsvRecord = wideCount > 0 ? { line: part.line, fields: wide } : part;
    wide = [];
    wideCount = 0;
    rows++;
    if (rows > MAX_IMPORT_ROWS) {
      tooLarge = { line: row.line, message: tooManyRows };
      break;
    }
    if (fieldCount !== width) {
      problems.push({ line: row.line, field: '', message: `The row has ${fieldCount} fields; the header has ${width}.` });
      continue;
    }
    const key = (cell(row, 'match_key') ?? '').trim();
    const group = byKey.get(key);
    if (group) group.push(row);
    else if (byKey.size >= MAX_IMPORT_MATCHES) {
      tooLarge = { line: row.line, message: tooManyMatches };
      break;
    } else byKey.set(key, [row]);
  }
  if (read.done && !read.value.ok) return refusedFile(base, 0, { line: read.value.line, field: '', message: read.value.message });
  if (!headerSeen) return refusedFile(base, 0, { line: 1, field: '', message: 'The file is empty.' });
  if (tooLarge) {
    const { line, message } = tooLarge;
    return refusedFile(base, rows, { line, field: '', message }, message);
  }
  if (headerRefused) return { ...base, rows, candidates: [], problems };

  const candidates: ImportCandidate[] = [];
  for (const [key, group] of byKey) {
    const first = group[0]!;
    for (const row of group.slice(1)) {
      if (pace.due()) yield PAUSE;
      for (const column of MATCH_COLUMNS) {
        if ((cell(row, column) ?? '').trim() !== (cell(first, column) ?? '').trim()) {
          problems.push({ line: row.line, field: column, message: `${column} differs from line ${first.line}, the match's first row.` });
        }
      }
    }
    const lines: Record<'team1' | 'team2', number[]> = { team1: [], team2: [] };
    const players: Record<'team1' | 'team2', Record<string, unknown>[]> = { team1: [], team2: [] };
    for (const row of group) {
      if (pace.due()) yield PAUSE;
      const team = teamOf(cell(row, 'team') ?? '');
      if (!team) {
        problems.push({ line: row.line, field: 'team', message: 'The team must be 1 or 2.' });
        continue;
      }
      const player: Record<string, unknown> = { discordId: cell(row, 'discord_id'), username: cell(row, 'username') };
      for (const stat of PLAYER_STATS) player[stat] = countOf(cell(row, columnOf(stat) as MatchCsvColumn));
      players[team].push(player);
      lines[team].push(row.line);
    }
    const mode = (cell(first, 'mode') ?? '').trim();
    const winning = cell(first, 'winning_team') ?? '';
    candidates.push({
      matchKey: key,
      playedAt: cell(first, 'played_at'),
      line: first.line,
      body: {
        modeId: mode === '' ? null : mode,
        // Absent (a file without the column) or blank: no map; record-match's parse checks the rest.
        map: cell(first, 'map'),
        winningTeam: teamOf(winning) ?? winning,
        team1Score: countOf(cell(first, 'team1_score')),
        team2Score: countOf(cell(first, 'team2_score')),
        team1: players.team1,
        team2: players.team2,
      },
      locate(path) {
        const player = /^(team[12])\[(\d+)\](?:\.(\w+))?$/.exec(path);
        if (player) {
          const line = lines[player[1] as 'team1' | 'team2'][Number(player[2])] ?? first.line;
          return { line, field: player[3] ? columnOf(player[3]) : 'team' };
        }
        return { line: first.line, field: /^team[12]$/.test(path) ? 'team' : columnOf(path) };
      },
    });
  }
  return { ...base, rows, candidates, problems };
}

function jsonCandidate(item: unknown, line: number): ImportCandidate {
  const record = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
  const { matchKey, playedAt, mode, ...body } = record ?? {};
  // `mode` by name is the export's; `modeId` is record-match's own field.
  if (body.modeId === undefined && mode !== undefined) body.modeId = mode;
  return {
    matchKey: record ? matchKey : undefined,
    playedAt: record ? playedAt : undefined,
    line,
    body: record ? body : (item as Record<string, unknown>),
    locate: (path) => ({ line, field: path }),
  };
}

function* readJson(text: string): Generator<Pause, ImportFile> {
  const trimmed = text.replace(/^\uFEFF/, '');
  if (/^\s*\[/.test(trimmed)) {
    const base = { format: 'json' as const, locator: 'index' as const };
    const read = yield* readJsonArray(trimmed, MAX_IMPORT_MATCHES);
    if (!read.ok) return refusedFile(base, 0, { line: 0, field: '', message: `The file is not valid JSON: ${read.message}` });
    if (read.count > MAX_IMPORT_MATCHES) return refusedFile(base, read.count, { line: 0, field: '', message: tooManyMatches }, tooManyMatches);
    const problems = new ProblemList();
    const candidates: ImportCandidate[] = [];
    for (const element of read.elements) {
      if ('problem' in element) problems.push({ line: element.index, field: '', message: element.problem });
      else candidates.push(jsonCandidate(element.value, element.index));
    }
    return { ...base, rows: read.count, candidates, problems };
  }
  // NDJSON: one match per line, read line by line up to the limit. The lines are split with
  // constant work per character, and one larger or deeper than a match can be is a problem,
  // never parsed (JsonMeasure): one JSON.parse of a 32 MB line held the event loop for most of a second.
  const base = { format: 'json' as const, locator: 'line' as const };
  const problems = new ProblemList();
  const candidates: ImportCandidate[] = [];
  const measure = new JsonMeasure();
  const pace = new Pace();
  let line = 1;
  let start = 0;
  for (let i = 0; i <= trimmed.length; i++) {
    if (pace.due()) yield PAUSE;
    const c = i < trimmed.length ? trimmed.charCodeAt(i) : -1;
    if (c >= 0 && !isLineBreak(c)) {
      measure.feed(c);
      continue;
    }
    // The line ends. A line breaks at CRLF, LF or CR.
    const refused = measure.blank ? null : measure.problem(`Line ${line}`, 'line');
    const source = measure.blank || refused ? '' : trimmed.slice(start, i);
    // Only a small line is looked at whole: one of nothing but white space beyond JSON's (`\u00a0`) is blank too.
    const blank = measure.blank || (!refused && source.trim() === '');
    measure.reset();
    if (c === 0x0d && trimmed.charCodeAt(i + 1) === 0x0a) i++;
    start = i + 1;
    const at = line++;
    if (blank) continue;
    if (candidates.length + problems.total >= MAX_IMPORT_MATCHES) return refusedFile(base, candidates.length, { line: at, field: '', message: tooManyMatches }, tooManyMatches);
    if (refused) {
      problems.push({ line: at, field: '', message: refused });
      continue;
    }
    // A step of Pace is a character: a line of up to 64 KB is parsed in well under a slice.
    if (pace.due(source.length)) yield PAUSE;
    try {
      candidates.push(jsonCandidate(JSON.parse(source), at));
    } catch (error) {
      problems.push({ line: at, field: '', message: `The line is not valid JSON: ${(error as Error).message}` });
    }
  }
  return { ...base, rows: candidates.length, candidates, problems };
}
