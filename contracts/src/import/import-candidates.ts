import { MAX_IMPORT_MATCHES, MAX_REPORTED_PROBLEMS, type ImportFormat, type ImportProblem } from '../api/import-export.js';
import { MAX_TEAM_PLAYERS } from '../matches/match-limits.js';
import { withThousands } from '../text/with-thousands.js';

// What reading an import file gives (import-file.ts, import-json.ts): candidates and problems.

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
export const tooManyMatches = `The file holds more than ${count(MAX_IMPORT_MATCHES)} matches; an import takes at most ${count(MAX_IMPORT_MATCHES)}. Split it into smaller files.`;
export const tooManyRows = `The file holds more than ${count(MAX_IMPORT_ROWS)} rows; an import takes at most ${count(MAX_IMPORT_MATCHES)} matches of up to ${MAX_TEAM_PLAYERS} players a team. Split it into smaller files.`;

/** A file refused whole, with one problem that says why. */
export function refusedFile(base: Pick<ImportFile, 'format' | 'locator'>, rows: number, problem: ImportProblem, tooLarge?: string): ImportFile {
  const problems = new ProblemList();
  problems.push(problem);
  return { ...base, rows, candidates: [], problems, ...(tooLarge ? { tooLarge } : {}) };
}

/** CSV unless the name, the content type or the first character says JSON. */
