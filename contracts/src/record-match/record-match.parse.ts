import { RecordMatchRequestSchema, type Mode, type RecordMatchPlayer, type RecordMatchRequest } from '../api/matches.js';
import { MAX_MATCH_PLAYERS, TEAM_LABELS, TEAMS, UNKNOWN_MODE_MESSAGE, type TeamId } from '../matches/match-limits.js';
import { findMode } from '../modes/modes.js';
import { parseMapName } from '../matches/match-map.js';
import {
  DUPLICATE_DISCORD_ID_MESSAGE,
  killsDeathsMismatchProblems,
  missingIdentityProblems,
  placed,
  RECORD_MATCH_ERRORS,
  scoreProblems,
  statsAllOrNoneProblems,
  statsAvailable,
  type PlacedPlayer,
  type Problem,
} from './record-match.rules.js';

// The server's full parse of an untrusted POST /api/matches body: the shape and every field's
// type by RecordMatchRequestSchema (contracts/src/api/matches.ts), then what a field's schema
// cannot say: docs/product.md#validation's rules over the players (identity, K/D completeness),
// duplicate Discord IDs, the mode's existence, the match's size and the scores. Every problem is
// found at once, so the rules also run over the readable part of a body whose shape is wrong.

export type RecordMatchValidation =
  | { ok: true; value: RecordMatchRequest; statsUsed: boolean; mode: Mode | null }
  | { ok: false; error: string; details: string[]; problems: Problem[] };

/** Fields whose absence (or null) the schema's messages do not speak of: rule 1 names a missing identity, and a blank stat is 0. */
const ABSENT_IS_FINE = new Set(['discordId', 'username', 'kills', 'deaths', 'assists', 'score', 'hardpointTime', 'captures', 'plantsDefuses']);
/** The order the shape's problems are told in: a body's fields, the match's size after the teams. */
const FIELD_ORDER = ['body', 'winningTeam', 'modeId', 'map', 'team1', 'team2', 'players', 'team1Score', 'team2Score'];

type Body = Record<string, unknown>;
const isRecord = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `['team1', 0, 'kills']` → `team1[0].kills`, as the API's details name a field. */
const pathOf = (parts: readonly PropertyKey[]) =>
  parts.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '') || 'body';

function valueAt(body: unknown, parts: readonly PropertyKey[]): unknown {
  return parts.reduce<unknown>((value, part) => (isRecord(value) || Array.isArray(value) ? (value as Body)[part as string] : undefined), body);
}

/** The schema's problems: a team too long or empty hides its players, an absent name or stat is no problem of the shape. */
function shapeProblems(body: unknown): Problem[] {
  const result = RecordMatchRequestSchema.safeParse(body);
  if (result.success) return [];
  const issues = result.error.issues.filter((issue) => {
    const field = issue.path.at(-1);
    return !(typeof field === 'string' && ABSENT_IS_FINE.has(field) && issue.path.length === 3 && valueAt(body, issue.path) == null);
  });
  const listProblems = new Set(issues.filter((issue) => issue.path.length === 1 && TEAMS.includes(issue.path[0] as TeamId)).map((issue) => issue.path[0]));
  return issues
    .filter((issue) => issue.path.length === 1 || !listProblems.has(issue.path[0] as TeamId))
    .map((issue) => ({ path: pathOf(issue.path), message: issue.message }));
}

/** A player as far as the body lets it be read: a name is null when missing or blank, undefined when malformed (already reported). */
interface ReadPlayer {
  discordId: string | null | undefined;
  username: string | null | undefined;
  kills: number | undefined;
  deaths: number | undefined;
}

function readPlayers(body: Body, bad: ReadonlySet<string>): { slots: PlacedPlayer<ReadPlayer | null>[]; teamsReadable: boolean } {
  const teams = TEAMS.map((team) => (!bad.has(team) && Array.isArray(body[team]) ? (body[team] as unknown[]) : null));
  const slots = placed(teams[0] ?? [], teams[1] ?? []).map(({ path, player }) => {
    if (bad.has(path) || !isRecord(player)) return { path, player: null };
    const name = (field: 'discordId' | 'username') => {
      if (bad.has(`${path}.${field}`)) return undefined;
      const raw = player[field];
      return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
    };
    const stat = (field: 'kills' | 'deaths') => (bad.has(`${path}.${field}`) ? undefined : ((player[field] as number | null | undefined) ?? 0));
    return { path, player: { discordId: name('discordId'), username: name('username'), kills: stat('kills'), deaths: stat('deaths') } };
  });
  return { slots, teamsReadable: teams.every((team) => team !== null) };
}

function duplicateDiscordIdProblems(players: readonly PlacedPlayer<ReadPlayer>[]): Problem[] {
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

/** "team2[0].kills" → "Team 2, player 1: ", for the one-sentence `error`. */
function sentence(problem: Problem): string {
  const player = /^(team[12])\[(\d+)\]/.exec(problem.path);
  return `${player ? `${TEAM_LABELS[player[1] as TeamId]}, player ${Number(player[2]) + 1}: ` : ''}${problem.message}`;
}

function failure(error: string, problems: readonly Problem[]): Extract<RecordMatchValidation, { ok: false }> {
  return { ok: false, error, details: problems.map((p) => `${p.path}: ${p.message}`), problems: [...problems] };
}

/**
 * The server's full check of an untrusted POST /api/matches body. The first problem found, in
 * the order shape and types, the rules of docs/product.md#validation 1–3, duplicate Discord IDs,
 * scores, becomes `error` (the product's rules keep their exact messages); `details` lists every
 * problem found, by field path. On success `value` holds only known fields, with names (and the
 * map) trimmed and blank stats as 0.
 */
export function validateRecordMatch(body: unknown, modes: readonly Mode[]): RecordMatchValidation {
  const shape = shapeProblems(body);
  if (!isRecord(body)) return failure(shape[0]!.message, shape);

  const mode = typeof body.modeId === 'number' ? findMode(modes, body.modeId) : null;
  if (typeof body.modeId === 'number' && mode === null) shape.push({ path: 'modeId', message: UNKNOWN_MODE_MESSAGE });
  const bad = new Set(shape.map((problem) => problem.path));
  const { slots, teamsReadable } = readPlayers(body, bad);
  const tooMany = teamsReadable && slots.length > MAX_MATCH_PLAYERS ? { path: 'team2', message: `A match can have at most ${MAX_MATCH_PLAYERS} players.` } : null;
  if (tooMany) shape.push(tooMany);
  const rank = (problem: Problem) => FIELD_ORDER.indexOf(problem === tooMany ? 'players' : /^[A-Za-z0-9]+/.exec(problem.path)![0]!);
  shape.sort((a, b) => rank(a) - rank(b));

  const players = slots.filter((slot): slot is PlacedPlayer<ReadPlayer> => slot.player !== null);
  // A malformed name is already reported; rule 1 speaks only of missing ones.
  const presence = (name: string | null | undefined) => (name === null ? '' : (name ?? 'malformed'));
  const identity = missingIdentityProblems(players.map(({ path, player }) => ({ path, player: { discordId: presence(player.discordId), username: presence(player.username) } })));
  // Rules 2 and 3 compare players, so they only speak when every player's kills and deaths were readable.
  const statsReadable = teamsReadable && players.length === slots.length && players.every(({ player }) => player.kills !== undefined && player.deaths !== undefined);
  const killsDeaths = statsReadable ? players.map(({ path, player }) => ({ path, player: { kills: player.kills!, deaths: player.deaths! } })) : [];
  const allOrNone = statsAllOrNoneProblems(killsDeaths);
  const mismatch = killsDeathsMismatchProblems(killsDeaths);
  const duplicates = duplicateDiscordIdProblems(players);
  const winningTeam = body.winningTeam === 'team1' || body.winningTeam === 'team2' ? body.winningTeam : null;
  const score = (team: TeamId) => (bad.has(`${team}Score`) ? null : ((body[`${team}Score`] as number | null | undefined) ?? null));
  const scores = { team1: score('team1'), team2: score('team2') };
  const scoreRules = winningTeam ? scoreProblems(scores, winningTeam, mode) : [];

  const details = [...shape, ...identity, ...allOrNone, ...mismatch, ...duplicates, ...scoreRules];
  if (details.length > 0) {
    // The product's rules and the duplicate rule keep their catalogued message rather than a field's.
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

  // No problem was found, so every player reads completely; absent stats are 0.
  const toPlayer = (raw: unknown, { player }: PlacedPlayer<ReadPlayer>): RecordMatchPlayer => {
    const fields = raw as Record<string, number | null | undefined>;
    const modeStats = (['hardpointTime', 'captures', 'plantsDefuses'] as const).filter((field) => fields[field] != null);
    return {
      discordId: player.discordId!,
      username: player.username!,
      kills: player.kills!,
      deaths: player.deaths!,
      assists: fields.assists ?? 0,
      score: fields.score ?? 0,
      ...Object.fromEntries(modeStats.map((field) => [field, fields[field]])),
    };
  };
  const team1 = body.team1 as unknown[];
  const map = parseMapName(body.map);
  const value: RecordMatchRequest = {
    modeId: mode?.id ?? null,
    winningTeam: winningTeam!,
    team1Score: scores.team1,
    team2Score: scores.team2,
    team1: team1.map((raw, i) => toPlayer(raw, players[i]!)),
    team2: (body.team2 as unknown[]).map((raw, i) => toPlayer(raw, players[team1.length + i]!)),
    // Only when given: a match without a map keeps the request (and its Idempotency-Key hash) it always had.
    ...(map.ok && map.map !== null ? { map: map.map } : {}),
  };
  return { ok: true, value, statsUsed: statsAvailable([...value.team1, ...value.team2]), mode };
}
