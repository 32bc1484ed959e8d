// POST /api/admin/import and the exports: the wire shapes the admin screen, the CLI and the
// server share. docs/import-export.md describes the file formats.

export type ImportFormat = 'csv' | 'json';

/** One problem of a file, where it is: a CSV or NDJSON line, or a JSON array's index. */
export interface ImportProblem {
  line: number;
  /** The CSV column or the JSON field path (`team1[0].kills`); empty for the whole file. */
  field: string;
  message: string;
}

/** POST /api/admin/import?dryRun=true: what an import of the file would do; nothing is written. */
export interface ImportDryRunReport {
  file: string;
  format: ImportFormat;
  /** What `line` counts: lines of a CSV or NDJSON file, 0-based items of a JSON array. */
  locator: 'line' | 'index';
  matches: number;
  rows: number;
  /** Matches whose key an earlier import recorded: an import skips them. */
  alreadyImported: number;
  /**
   * Matches played before the ladder's latest event. Refused unless the import is `backdated`:
   * then every match of the file is rated now, in played order, after what the ladder holds
   * (docs/import-export.md, "Older history").
   */
  backdated: number;
  /** True when the file has no problem: the import would record `matches − alreadyImported`. */
  ok: boolean;
  /** The first MAX_REPORTED_PROBLEMS problems, in file order. */
  problems: ImportProblem[];
  /** How many problems were found beyond those reported. */
  moreProblems: number;
}

/** One NDJSON line of POST /api/admin/import's streamed answer. */
export type ImportProgress =
  | { type: 'progress'; done: number; total: number; recorded: number; skipped: number }
  | { type: 'done'; done: number; total: number; recorded: number; skipped: number; position: number; ms: number }
  | {
      type: 'failed';
      done: number;
      total: number;
      recorded: number;
      skipped: number;
      /** The match that was refused (by the ladder's own checks, which a dry run cannot run). */
      line: number;
      matchKey: string;
      error: string;
    };

export const MAX_REPORTED_PROBLEMS = 500;
/** Files of 10,000 matches (about 80,000 CSV rows, some 8 MB) fit with room to spare. */
export const MAX_IMPORT_MATCHES = 20_000;
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
export const MAX_MATCH_KEY_LENGTH = 100;
/**
 * The most a JSON array's element, or an NDJSON line, may hold (UTF-8, from its first to its last
 * character that is not white space): the largest match the rules allow (50 players, every name
 * 64 characters of 3-byte letters, every stat 1,000,000) is 33 KB pretty-printed, 27 KB compact.
 * A larger one is a problem of the report and is never parsed (issue 37, item 3).
 */
export const MAX_IMPORT_ELEMENT_BYTES = 64 * 1024;
/**
 * How deep a JSON array's element, or an NDJSON line, may nest arrays and objects: a match takes
 * three levels (the match, a team, a player). A deeper one is a problem of the report and is never parsed.
 */
export const MAX_IMPORT_NESTING = 8;

/** The columns of the match CSV, the import's and the export's, in the order the export writes them. */
export const MATCH_CSV_COLUMNS = [
  'match_key',
  'played_at',
  'mode',
  'map',
  'winning_team',
  'team1_score',
  'team2_score',
  'team',
  'discord_id',
  'username',
  'kills',
  'deaths',
  'assists',
  'score',
  'hardpoint_time',
  'captures',
  'plants_defuses',
] as const;

export type MatchCsvColumn = (typeof MATCH_CSV_COLUMNS)[number];

/** The columns every CSV file must have; the others may be left out. */
export const REQUIRED_MATCH_CSV_COLUMNS: readonly MatchCsvColumn[] = ['match_key', 'played_at', 'winning_team', 'team', 'discord_id', 'username'];

/** The header of the event position an export was read at (as writes answer it). */
export const EVENT_POSITION_HEADER = 'X-Event-Position';
