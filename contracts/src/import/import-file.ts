import {
  MATCH_CSV_COLUMNS,
  MAX_IMPORT_MATCHES,
  REQUIRED_MATCH_CSV_COLUMNS,
  type ImportFormat,
  type MatchCsvColumn,
} from '../api/import-export.js';
import { csvRecords, csvText, Pace, PAUSE, runToEnd, type CsvRead, type CsvRecord, type Pause } from './csv.js';
import { ProblemList, refusedFile, tooManyMatches, tooManyRows, MAX_IMPORT_ROWS, type ImportCandidate, type ImportFile } from './import-candidates.js';
import { readJson } from './import-json.js';

// Reading an import file into one candidate match per match key, each able to say on which
// line a field of its record-match body sits. import-check.ts validates the candidates.

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
