import { MAX_MATCH_KEY_LENGTH, MAX_REPORTED_PROBLEMS, type ImportDryRunReport, type ImportFormat } from '../api/import-export.js';
import type { Mode, RecordMatchRequest } from '../api/matches.js';
import { validateRecordMatch } from '../record-match/record-match.parse.js';
import { Pace, PAUSE, runToEnd, type Pause } from './csv.js';
import { ProblemList, type ImportCandidate } from './import-candidates.js';
import { readImportFileInSlices } from './import-file.js';

// The dry run: every match of a file checked with record-match's own rules and messages
// (validateRecordMatch), plus what an import adds: a match key, a time, and the time rule.

/** A match of a file that passed every check, ready for the record-match command. */
export interface ImportMatch {
  /** Unique in the file; the Idempotency-Key of its MatchRecorded is `import:{matchKey}`. */
  matchKey: string;
  playedAt: Date;
  line: number;
  request: RecordMatchRequest;
}

export interface ImportPlan {
  report: ImportDryRunReport;
  /** Set when the file holds more than an import takes (reading stopped there): refused whole, dry run or not. */
  tooLarge?: string;
  /** In `playedAt` order (file order for equal times), the already imported ones left out; empty unless the report is ok. */
  toRecord: ImportMatch[];
}

export interface ImportCheckContext {
  file: string;
  format: ImportFormat;
  modes: readonly Mode[];
  now: Date;
  /**
   * The time of the ladder's latest event (null for an empty ladder). The ladder rates matches
   * in log order, so an import can only add matches after what it holds: an earlier one would
   * be rated after matches it preceded.
   */
  notBefore: Date | null;
  /** Matches played before `notBefore` are welcome: the import rates them now (`?backdated=true`). */
  backdated?: boolean;
  /**
   * Match keys an earlier import recorded, with the request hash their MatchRecorded carries:
   * skipped, and not held to `notBefore`, when the file's match hashes the same; a different
   * match under a recorded key is a problem (every site's export names its matches match-1…N).
   */
  imported: ReadonlyMap<string, string | null>;
  /** The request hash record-match gives an Idempotency-Key's request (the backend's; contracts hold no crypto). */
  requestHash: (request: RecordMatchRequest) => string;
  /**
   * The Discord IDs of players that merged accounts share, with their player: the ladder refuses a
   * match where two of them play (record-match.decide), so the dry run says so first. An import
   * creates no aliases itself (only a merge does), so the ladder as it is now is enough.
   */
  aliases: ReadonlyMap<string, { playerId: number; username: string }>;
}

/** A new match played before the ladder's latest event (one an earlier import recorded is skipped, not held to it). */
function isBackdated(playedAt: Date, matchKey: string, context: Pick<ImportCheckContext, 'notBefore' | 'imported'>): boolean {
  return context.notBefore !== null && playedAt < context.notBefore && !context.imported.has(matchKey);
}

export const importIdempotencyKey = (matchKey: string): string => `import:${matchKey}`;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** ISO 8601 date and time; without a zone it is UTC (what a spreadsheet's "2024-05-01 20:30" means here). */
export function parsePlayedAt(raw: unknown): Date | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!DATE_TIME.test(text)) return null;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) || text.length === 10 ? text : `${text}Z`;
  const time = Date.parse(zoned.replace(' ', 'T'));
  return Number.isNaN(time) ? null : new Date(time);
}

/** A mode named in the file ("Hardpoint", "hardpoint" or its id) as record-match's modeId; anything else stays for its rule to refuse. */
function resolveMode(raw: unknown, modes: readonly Mode[]): unknown {
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text);
  return modes.find((mode) => mode.name.toLowerCase() === text.toLowerCase())?.id ?? text;
}

function keyProblem(raw: unknown): string | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return 'The match key is required.';
  if (typeof raw !== 'string' || raw.length > MAX_MATCH_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(raw)) {
    return `The match key must be 1 to ${MAX_MATCH_KEY_LENGTH} visible ASCII characters without spaces.`;
  }
  return null;
}

function checkCandidate(candidate: ImportCandidate, context: ImportCheckContext, problems: ProblemList): ImportMatch | null {
  const before = problems.total;
  const at = (field: string, message: string) => problems.push({ ...candidate.locate(field), message });
  const keyIssue = keyProblem(candidate.matchKey);
  if (keyIssue) at('matchKey', keyIssue);
  const matchKey = keyIssue ? '' : (candidate.matchKey as string);

  const playedAt = parsePlayedAt(candidate.playedAt);
  if (!playedAt) {
    at('playedAt', 'The time the match was played must be a date and time such as 2024-05-01T20:30:00Z.');
  } else if (playedAt.getTime() > context.now.getTime()) {
    at('playedAt', `The match was played in the future (${playedAt.toISOString()}).`);
  } else if (!context.backdated && isBackdated(playedAt, matchKey, context)) {
    at(
      'playedAt',
      `The match was played at ${playedAt.toISOString()}, before the ladder's latest event (${context.notBefore!.toISOString()}). ` +
        'Import the file as older history (backdated) to rate it now, after what the ladder holds.',
    );
  }

  const body = { ...candidate.body, modeId: resolveMode(candidate.body.modeId, context.modes) };
  const validation = validateRecordMatch(body, context.modes);
  if (!validation.ok) for (const problem of validation.problems) at(problem.path, problem.message);
  if (problems.total > before || !validation.ok) return null;
  const request = validation.value;
  if (context.imported.has(matchKey)) {
    const recorded = context.imported.get(matchKey);
    if (recorded && recorded !== context.requestHash(request)) {
      at(
        'matchKey',
        `The match key ${matchKey} was already imported with different content (teams, players, stats or result). ` +
          'Give this match a key of its own (another site\'s export names its matches match-1, match-2… too).',
      );
      return null;
    }
  } else {
    // What the ladder checks when it decides: two Discord IDs that merged accounts share.
    const seen = new Map<number, string>();
    for (const team of ['team1', 'team2'] as const) {
      for (const [i, player] of request[team].entries()) {
        const alias = context.aliases.get(player.discordId);
        if (!alias) continue;
        const earlier = seen.get(alias.playerId);
        if (earlier !== undefined && earlier !== player.discordId) {
          at(`${team}[${i}].discordId`, `Discord IDs ${earlier} and ${player.discordId} belong to the same player (${alias.username}, merged accounts).`);
          return null;
        }
        seen.set(alias.playerId, player.discordId);
      }
    }
  }
  return { matchKey, playedAt: playedAt!, line: candidate.line, request };
}

/**
 * Checks a whole file and plans its import. Nothing is written: the report lists every
 * problem with its line (or index), and the plan is empty unless there is none.
 */
export function planImport(text: string, context: ImportCheckContext): ImportPlan {
  return runToEnd(planImportInSlices(text, context));
}

/**
 * planImport, pausing between slices of work (see PAUSE): a server yields to its event loop at
 * each pause, so checking a 32 MB file (however hostile its shape) never stalls other requests.
 */
export function* planImportInSlices(text: string, context: ImportCheckContext): Generator<Pause, ImportPlan> {
  const file = yield* readImportFileInSlices(text, context.format);
  const problems = file.problems;
  const matches: ImportMatch[] = [];
  const seen = new Map<string, number>();
  const pace = new Pace();
  let backdated = 0;
  for (const candidate of file.candidates) {
    // A match's check weighs about as much as its players' rows.
    if (pace.due(64)) yield PAUSE;
    const playedAt = parsePlayedAt(candidate.playedAt);
    if (playedAt && typeof candidate.matchKey === 'string' && isBackdated(playedAt, candidate.matchKey, context)) backdated++;
    const match = checkCandidate(candidate, context, problems);
    if (!match) continue;
    const earlier = seen.get(match.matchKey);
    if (earlier !== undefined) {
      problems.push({ ...candidate.locate('matchKey'), message: `The match key ${match.matchKey} is already used by ${file.locator} ${earlier}.` });
      continue;
    }
    seen.set(match.matchKey, candidate.line);
    matches.push(match);
  }
  const reported = [...problems.kept].sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_PROBLEMS);
  const alreadyImported = matches.filter((m) => context.imported.has(m.matchKey)).length;
  const ok = problems.total === 0;
  const toRecord = ok
    ? matches
        .filter((m) => !context.imported.has(m.matchKey))
        .map((m, i) => ({ m, i }))
        .sort((a, b) => a.m.playedAt.getTime() - b.m.playedAt.getTime() || a.i - b.i)
        .map(({ m }) => m)
    : [];
  return {
    report: {
      file: context.file,
      format: file.format,
      locator: file.locator,
      matches: file.candidates.length,
      rows: file.rows,
      alreadyImported,
      backdated,
      ok,
      problems: reported,
      moreProblems: problems.total - reported.length,
    },
    toRecord,
    ...(file.tooLarge ? { tooLarge: file.tooLarge } : {}),
  };
}
