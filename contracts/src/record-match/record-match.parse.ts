import type { Mode, RecordMatchPlayer, RecordMatchRequest, TeamId } from '../api/matches.js';
import { findMode } from '../modes/modes.js';
import { textProblem } from '../text/text-rules.js';
import { parseMapName } from './match-map.js';
import {
  DUPLICATE_DISCORD_ID_MESSAGE,
  killsDeathsMismatchProblems,
  MAX_MATCH_PLAYERS,
  MAX_NAME_LENGTH,
  MAX_STAT_VALUE,
  MAX_TEAM_PLAYERS,
  missingIdentityProblems,
  placed,
  RECORD_MATCH_ERRORS,
  scoreProblems,
  statsAllOrNoneProblems,
  statsAvailable,
  TEAM_LABELS,
  UNKNOWN_MODE_MESSAGE,
  type PlacedPlayer,
  type Problem,
} from './record-match.rules.js';
import { withThousands } from '../text/with-thousands.js';

// The server's full parse of an untrusted POST /api/matches body: shapes and types first, then
// docs/product.md#validation's rules (record-match.rules.ts) and docs/product.md#players-and-merges's (duplicate Discord IDs, scores).

export type RecordMatchValidation =
  | { ok: true; value: RecordMatchRequest; statsUsed: boolean; mode: Mode | null }
  | { ok: false; error: string; details: string[]; problems: Problem[] };

const STAT_FIELDS = ['kills', 'deaths', 'assists', 'score'] as const;
const MODE_STAT_FIELDS = ['hardpointTime', 'captures', 'plantsDefuses'] as const;
const FIELD_LABELS: Record<(typeof STAT_FIELDS)[number] | (typeof MODE_STAT_FIELDS)[number], string> = {
  kills: 'Kills',
  deaths: 'Deaths',
  assists: 'Assists',
  score: 'Score',
  hardpointTime: 'Hardpoint time',
  captures: 'Captures',
  plantsDefuses: 'Plants/defuses',
};

const WHOLE_NUMBER_RULE = `must be a whole number from 0 to ${withThousands(MAX_STAT_VALUE)}`;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_STAT_VALUE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "team2[0].kills" → "Team 2, player 1: ", for the one-sentence `error`. */
function describePath(path: string): string {
  const player = /^(team[12])\[(\d+)\]/.exec(path);
  if (player) return `${TEAM_LABELS[player[1] as TeamId]}, player ${Number(player[2]) + 1}: `;
  return '';
}

function sentence(problem: Problem): string {
  return `${describePath(problem.path)}${problem.message}`;
}

interface ParsedPlayer {
  /** The trimmed name; null when missing or blank (rule 1's to report); undefined when malformed (already reported). */
  discordId: string | null | undefined;
  username: string | null | undefined;
  /** Only the fields that were valid; a malformed one is already reported. */
  stats: Partial<Record<(typeof STAT_FIELDS)[number], number>>;
  modeStats: Partial<Record<(typeof MODE_STAT_FIELDS)[number], number>>;
}

function parseName(raw: unknown, path: string, label: string, problems: Problem[]): string | null | undefined {
  // Missing and blank names are rule 1's to report, with its message.
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') {
    problems.push({ path, message: `${label} must be text.` });
    return undefined;
  }
  const unstorable = textProblem(raw, { multiline: false });
  if (unstorable) {
    problems.push({ path, message: `${label} ${unstorable}.` });
    return undefined;
  }
  const trimmed = raw.trim();
  if (trimmed.length > MAX_NAME_LENGTH) {
    problems.push({ path, message: `${label} must be at most ${MAX_NAME_LENGTH} characters.` });
    return undefined;
  }
  return trimmed === '' ? null : trimmed;
}

function parsePlayer(raw: unknown, path: string, problems: Problem[]): ParsedPlayer | null {
  if (!isRecord(raw)) {
    problems.push({ path, message: 'Each player must be an object with a Discord ID, a username and stats.' });
    return null;
  }
  const parsed: ParsedPlayer = {
    discordId: parseName(raw.discordId, `${path}.discordId`, 'Discord ID', problems),
    username: parseName(raw.username, `${path}.username`, 'Username', problems),
    stats: {},
    modeStats: {},
  };
  // Absent stats are the form's blank, 0; a present one must be a real count.
  for (const field of STAT_FIELDS) {
    const value = raw[field] ?? 0;
    if (isCount(value)) parsed.stats[field] = value;
    else problems.push({ path: `${path}.${field}`, message: `${FIELD_LABELS[field]} ${WHOLE_NUMBER_RULE}.` });
  }
  for (const field of MODE_STAT_FIELDS) {
    const value = raw[field];
    if (value === undefined || value === null) continue;
    if (isCount(value)) parsed.modeStats[field] = value;
    else problems.push({ path: `${path}.${field}`, message: `${FIELD_LABELS[field]} ${WHOLE_NUMBER_RULE}.` });
  }
  return parsed;
}

function parseTeam(raw: unknown, team: TeamId, problems: Problem[]): (ParsedPlayer | null)[] | null {
  const label = TEAM_LABELS[team];
  if (!Array.isArray(raw)) {
    problems.push({ path: team, message: `${label} must be a list of players.` });
    return null;
  }
  if (raw.length === 0) {
    problems.push({ path: team, message: `${label} needs at least one player.` });
    return null;
  }
  // An oversized list is refused before any of its players is looked at.
  if (raw.length > MAX_TEAM_PLAYERS) {
    problems.push({ path: team, message: `${label} can have at most ${MAX_TEAM_PLAYERS} players.` });
    return null;
  }
  return raw.map((player, i) => parsePlayer(player, `${team}[${i}]`, problems));
}

function parseTeamScore(raw: unknown, team: TeamId, problems: Problem[]): number | null {
  if (raw === undefined || raw === null) return null;
  if (isCount(raw)) return raw;
  problems.push({ path: `${team}Score`, message: `${TEAM_LABELS[team]}'s score ${WHOLE_NUMBER_RULE}.` });
  return null;
}

type RecordMatchFailure = Extract<RecordMatchValidation, { ok: false }>;

function failure(error: string, problems: readonly Problem[]): RecordMatchFailure {
  return { ok: false, error, details: problems.map((p) => `${p.path}: ${p.message}`), problems: [...problems] };
}

function duplicateDiscordIdProblems(players: readonly PlacedPlayer<ParsedPlayer>[]): Problem[] {
  const firstSeen = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { path, player } of players) {
    if (typeof player.discordId !== 'string') continue;
    const earlier = firstSeen.get(player.discordId);
    if (earlier === undefined) firstSeen.set(player.discordId, path);
    else problems.push({ path: `${path}.discordId`, message: `Discord ID ${player.discordId} is already used by ${earlier}.` });
  }
  return problems;
}

/**
 * The server's full check of an untrusted POST /api/matches body. The first problem found, in
 * the order shape and types, SPEC rules 1–3, duplicate Discord IDs, scores, becomes `error`
 * (SPEC rules keep their exact messages); `details` lists every problem found, by field path.
 * On success `value` holds only known fields, with names (and the map) trimmed and blank stats as 0.
 */
export function validateRecordMatch(body: unknown, modes: readonly Mode[]): RecordMatchValidation {
  if (!isRecord(body)) {
    const problem = { path: 'body', message: 'The match must be sent as a JSON object.' };
    return failure(problem.message, [problem]);
  }
  const shape: Problem[] = [];

  const winningTeam = body.winningTeam;
  if (winningTeam !== 'team1' && winningTeam !== 'team2') {
    shape.push({ path: 'winningTeam', message: 'The winning team must be team1 or team2.' });
  }

  let mode: Mode | null = null;
  if (body.modeId !== undefined && body.modeId !== null) {
    mode = typeof body.modeId === 'number' ? findMode(modes, body.modeId) : null;
    if (mode === null) shape.push({ path: 'modeId', message: UNKNOWN_MODE_MESSAGE });
  }

  const map = parseMapName(body.map);
  if (!map.ok) shape.push({ path: 'map', message: map.message });

  const team1 = parseTeam(body.team1, 'team1', shape);
  const team2 = parseTeam(body.team2, 'team2', shape);
  if (team1 && team2 && team1.length + team2.length > MAX_MATCH_PLAYERS) {
    shape.push({ path: 'team2', message: `A match can have at most ${MAX_MATCH_PLAYERS} players.` });
  }
  const scores: Record<TeamId, number | null> = {
    team1: parseTeamScore(body.team1Score, 'team1', shape),
    team2: parseTeamScore(body.team2Score, 'team2', shape),
  };

  const slots = placed(team1 ?? [], team2 ?? []);
  const players = slots.filter((p): p is PlacedPlayer<ParsedPlayer> => p.player !== null);
  // A malformed name is already reported; rule 1 speaks only of missing ones.
  const presence = (name: string | null | undefined) => (name === null ? '' : (name ?? 'malformed'));
  const identity = missingIdentityProblems(
    players.map(({ path, player }) => ({
      path,
      player: { discordId: presence(player.discordId), username: presence(player.username) },
    })),
  );
  // Rules 2 and 3 compare players, so they only speak when every player's kills and deaths were readable.
  const statsReadable =
    team1 !== null &&
    team2 !== null &&
    players.length === slots.length &&
    players.every(({ player }) => player.stats.kills !== undefined && player.stats.deaths !== undefined);
  const killsDeaths = statsReadable
    ? players.map(({ path, player }) => ({ path, player: { kills: player.stats.kills!, deaths: player.stats.deaths! } }))
    : [];
  const allOrNone = statsAllOrNoneProblems(killsDeaths);
  const mismatch = killsDeathsMismatchProblems(killsDeaths);
  const duplicates = duplicateDiscordIdProblems(players);
  const scoreRules =
    winningTeam === 'team1' || winningTeam === 'team2' ? scoreProblems(scores, winningTeam, mode) : [];

  const details = [...shape, ...identity, ...allOrNone, ...mismatch, ...duplicates, ...scoreRules];
  if (details.length > 0) {
    // SPEC rules and the duplicate rule keep their catalogued message rather than a field's.
    const error =
      shape.length > 0
        ? sentence(shape[0]!)
        : identity.length > 0
          ? RECORD_MATCH_ERRORS.missingIdentity.message
          : allOrNone.length > 0
            ? RECORD_MATCH_ERRORS.statsAllOrNone.message
            : mismatch.length > 0
              ? RECORD_MATCH_ERRORS.statsKillsDeathsMismatch.message
              : duplicates.length > 0
                ? DUPLICATE_DISCORD_ID_MESSAGE
                : sentence(scoreRules[0]!);
    return failure(error, details);
  }

  const toPlayer = (player: ParsedPlayer | null): RecordMatchPlayer => {
    // No problems were found, so every player parsed completely.
    const p = player!;
    return {
      discordId: p.discordId!,
      username: p.username!,
      kills: p.stats.kills!,
      deaths: p.stats.deaths!,
      assists: p.stats.assists!,
      score: p.stats.score!,
      ...p.modeStats,
    };
  };
  const value: RecordMatchRequest = {
    modeId: mode?.id ?? null,
    winningTeam: winningTeam as TeamId,
    team1Score: scores.team1,
    team2Score: scores.team2,
    team1: team1!.map(toPlayer),
    team2: team2!.map(toPlayer),
    // Only when given: a match without a map keeps the request (and its Idempotency-Key hash) it always had.
    ...(map.ok && map.map !== null ? { map: map.map } : {}),
  };
  return { ok: true, value, statsUsed: statsAvailable([...value.team1, ...value.team2]), mode };
}
