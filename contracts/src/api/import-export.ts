// POST /api/admin/import and the exports: the wire shapes the admin screen, the CLI and the
// server share. docs/import-export.md describes the file formats.

import { errorResponses, wholeNumber, z, type ApiOperationSpec } from './schema.js';

export const ImportFormatSchema = z.enum(['csv', 'json']).meta({ id: 'ImportFormat' });
export type ImportFormat = z.infer<typeof ImportFormatSchema>;

/** One problem of a file, where it is: a CSV or NDJSON line, or a JSON array's index. */
export const ImportProblemSchema = z
  .object({
    line: wholeNumber(),
    field: z.string().meta({ description: 'The CSV column or the JSON field path (`team1[0].kills`); empty for the whole file.' }),
    message: z.string(),
  })
  .meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** POST /api/admin/import?dryRun=true: what an import of the file would do; nothing is written. */
export const ImportDryRunReportSchema = z
  .object({
    file: z.string(),
    format: ImportFormatSchema,
    locator: z.enum(['line', 'index']).meta({ description: 'What `line` counts: lines of a CSV or NDJSON file, 0-based items of a JSON array.' }),
    matches: wholeNumber(),
    rows: wholeNumber(),
    alreadyImported: wholeNumber().meta({ description: 'Matches whose key an earlier import recorded: an import skips them.' }),
    backdated: wholeNumber().meta({
      description:
        "Matches played before the ladder's latest event. Refused unless the import is `backdated`: then every match of the file is rated now, in played order.",
    }),
    ok: z.boolean().meta({ description: 'True when the file has no problem: the import would record `matches − alreadyImported`.' }),
    problems: z.array(ImportProblemSchema).meta({ description: 'The first MAX_REPORTED_PROBLEMS problems, in file order.' }),
    moreProblems: wholeNumber().meta({ description: 'How many problems were found beyond those reported.' }),
  })
  .meta({ id: 'ImportDryRunReport' });
export type ImportDryRunReport = z.infer<typeof ImportDryRunReportSchema>;

const importCounts = { done: wholeNumber(), total: wholeNumber(), recorded: wholeNumber(), skipped: wholeNumber() };

/** One NDJSON line of POST /api/admin/import's streamed answer. */
export const ImportProgressSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('progress'), ...importCounts }),
    z.object({ type: z.literal('done'), ...importCounts, position: wholeNumber(), ms: z.number() }),
    z.object({
      type: z.literal('failed'),
      ...importCounts,
      line: wholeNumber().meta({ description: "The match that was refused (by the ladder's own checks, which a dry run cannot run)." }),
      matchKey: z.string(),
      error: z.string(),
    }),
  ])
  .meta({ id: 'ImportProgress' });
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

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

const streamed = (mediaType: string, description: string) => ({ mediaType, description });
/** A JSON file of matches: the import's format, which docs/import-export.md describes field by field. */
const IMPORT_FILE_MATCHES = z.array(z.record(z.string(), z.unknown())).meta({ description: 'The matches in the import format (docs/import-export.md).' });

export const IMPORT_EXPORT_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'post',
    path: '/api/admin/import',
    tag: 'admin: import and export',
    summary: 'Import historical matches (CSV or JSON), or dry-run a file',
    description:
      `The body is the file (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB, ${MAX_IMPORT_MATCHES} matches): text/csv, application/json or ` +
      'application/x-ndjson. Every match is checked with the record-match rules, plus a match key, a playedAt time and unique keys. ' +
      'dryRun=true answers the report (ImportDryRunReport). Otherwise a file with any problem is refused (400, nothing appended) and a good one ' +
      'is recorded while the answer streams its progress as NDJSON lines (ImportProgress); keys already in the log are skipped (a rerun resumes).',
    role: 'moderator',
    headers: z.object({ 'X-File-Name': z.string().min(1).meta({ description: 'The file name (percent-encoded): the audit log shows it.' }) }),
    query: z.object({
      dryRun: z.boolean().optional().meta({ description: 'true: answer the report and write nothing.' }),
      backdated: z
        .boolean()
        .optional()
        .meta({ description: "Older history: matches played before the ladder's latest event are welcome, and the whole file is rated now, in played order." }),
    }),
    body: z.string().meta({ description: 'The file itself.' }),
    bodyMediaTypes: ['text/csv', 'application/json', 'application/x-ndjson'],
    responses: {
      200: {
        mediaType: 'application/json',
        description: 'dryRun: the report. Otherwise application/x-ndjson: one ImportProgress per line.',
        schema: ImportDryRunReportSchema,
        otherMediaTypes: { 'application/x-ndjson': ImportProgressSchema },
      },
      ...errorResponses(400, 409, 413, 429),
    },
  },
  {
    method: 'get',
    path: '/api/export/players.csv',
    tag: 'import and export',
    summary: 'Export the players (CSV)',
    description:
      'Columns: id, discord_id, username, elo, wins, losses, matches, kills, deaths, assists, score, merged_into. X-Event-Position: the read model position.',
    responses: { 200: streamed('text/csv', 'The CSV file, streamed.'), ...errorResponses(429, 503) },
  },
  {
    method: 'get',
    path: '/api/export/matches.{format}',
    tag: 'import and export',
    summary: 'Export the matches with their players (CSV or JSON, the import format)',
    description: 'Every recorded match that is not voided, in log order, as the import reads it: an export imports into an empty site and gives the same leaderboard.',
    pathParams: z.object({ format: z.enum(['csv', 'json']) }),
    responses: { 200: { ...streamed('text/csv', 'The file, streamed.'), otherMediaTypes: { 'application/json': IMPORT_FILE_MATCHES } }, ...errorResponses(404, 429, 503) },
  },
  {
    method: 'get',
    path: '/api/admin/export/events.ndjson',
    tag: 'admin: import and export',
    summary: 'Export the raw event log (NDJSON)',
    description: 'One line per event: { position, streamId, revision, id, type, data, metadata }, up to X-Event-Position.',
    role: 'owner',
    responses: { 200: streamed('application/x-ndjson', 'The log, streamed.'), ...errorResponses(429, 503) },
  },
  {
    method: 'get',
    path: '/api/export/templates/{name}',
    tag: 'import and export',
    summary: 'Download an import template',
    pathParams: z.object({ name: z.enum(['matches.csv', 'matches.json']) }),
    responses: { 200: { ...streamed('text/csv', 'The template: two matches in the import format.'), otherMediaTypes: { 'application/json': IMPORT_FILE_MATCHES } }, ...errorResponses(404) },
  },
];
