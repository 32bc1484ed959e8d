import {
  MATCH_CSV_COLUMNS,
  REQUIRED_MATCH_CSV_COLUMNS,
  type ImportFormat,
  type ImportProblem,
  type MatchCsvColumn,
} from '../api/import-export.js';
import { parseCsv, type CsvRecord } from './csv.js';

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
  problems: ImportProblem[];
}

/** CSV unless the name, the content type or the first character says JSON. */
export function importFormatOf(fileName: string, contentType: string | undefined, text: string): ImportFormat {
  if (/\.(nd)?json$/i.test(fileName) || /json/i.test(contentType ?? '')) return 'json';
  if (/\.csv$/i.test(fileName) || /csv/i.test(contentType ?? '')) return 'csv';
  return /^\uFEFF?\s*[[{]/.test(text) ? 'json' : 'csv';
}

export function readImportFile(text: string, format: ImportFormat): ImportFile {
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

const MATCH_COLUMNS: readonly MatchCsvColumn[] = ['played_at', 'mode', 'winning_team', 'team1_score', 'team2_score'];
const PLAYER_STATS = ['kills', 'deaths', 'assists', 'score', 'hardpointTime', 'captures', 'plantsDefuses'] as const;

function readCsv(text: string): ImportFile {
  const base = { format: 'csv' as const, locator: 'line' as const };
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ...base, rows: 0, candidates: [], problems: [{ line: parsed.line, field: '', message: parsed.message }] };
  const [header, ...rows] = parsed.records;
  if (!header) return { ...base, rows: 0, candidates: [], problems: [{ line: 1, field: '', message: 'The file is empty.' }] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const problems: ImportProblem[] = [];
  for (const name of names) {
    if (!(MATCH_CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push({ line: header.line, field: name, message: `Unknown column "${name}". The columns are: ${MATCH_CSV_COLUMNS.join(', ')}.` });
    }
  }
  for (const name of REQUIRED_MATCH_CSV_COLUMNS) {
    if (!names.includes(name)) problems.push({ line: header.line, field: name, message: `The column "${name}" is missing.` });
  }
  if (problems.length > 0) return { ...base, rows: rows.length, candidates: [], problems };

  const cell = (row: CsvRecord, column: MatchCsvColumn): string | undefined => {
    const i = names.indexOf(column);
    return i < 0 ? undefined : row.fields[i];
  };
  const byKey = new Map<string, CsvRecord[]>();
  for (const row of rows) {
    if (row.fields.length !== names.length) {
      problems.push({ line: row.line, field: '', message: `The row has ${row.fields.length} fields; the header has ${names.length}.` });
      continue;
    }
    const key = (cell(row, 'match_key') ?? '').trim();
    const group = byKey.get(key);
    if (group) group.push(row);
    else byKey.set(key, [row]);
  }

  const candidates: ImportCandidate[] = [];
  for (const [key, group] of byKey) {
    const first = group[0]!;
    for (const row of group.slice(1)) {
      for (const column of MATCH_COLUMNS) {
        if ((cell(row, column) ?? '').trim() !== (cell(first, column) ?? '').trim()) {
          problems.push({ line: row.line, field: column, message: `${column} differs from line ${first.line}, the match's first row.` });
        }
      }
    }
    const lines: Record<'team1' | 'team2', number[]> = { team1: [], team2: [] };
    const players: Record<'team1' | 'team2', Record<string, unknown>[]> = { team1: [], team2: [] };
    for (const row of group) {
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
  return { ...base, rows: rows.length, candidates, problems };
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

function readJson(text: string): ImportFile {
  const trimmed = text.replace(/^\uFEFF/, '');
  if (/^\s*\[/.test(trimmed)) {
    let items: unknown;
    try {
      items = JSON.parse(trimmed);
    } catch (error) {
      return { format: 'json', locator: 'index', rows: 0, candidates: [], problems: [{ line: 0, field: '', message: `The file is not valid JSON: ${(error as Error).message}` }] };
    }
    const list = items as unknown[];
    return { format: 'json', locator: 'index', rows: list.length, candidates: list.map((item, i) => jsonCandidate(item, i)), problems: [] };
  }
  // NDJSON: one match per line.
  const problems: ImportProblem[] = [];
  const candidates: ImportCandidate[] = [];
  trimmed.split(/\r\n|\n|\r/).forEach((source, i) => {
    if (source.trim() === '') return;
    try {
      candidates.push(jsonCandidate(JSON.parse(source), i + 1));
    } catch (error) {
      problems.push({ line: i + 1, field: '', message: `The line is not valid JSON: ${(error as Error).message}` });
    }
  });
  return { format: 'json', locator: 'line', rows: candidates.length, candidates, problems };
}
