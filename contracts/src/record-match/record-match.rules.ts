import type { Mode, RecordMatchPlayer, RecordMatchRequest } from '../api/matches.js';
import { TEAM_LABELS, TEAMS, type TeamId } from '../matches/match-limits.js';

// The record-match rules of docs/product.md#validation: the client checks them before submitting, and the
// server's full parse of the untrusted body (record-match.parse.ts) reports the same problems.

export interface RuleViolation {
  title: string;
  message: string;
}

/** docs/product.md#messages, word for word. */
export const RECORD_MATCH_ERRORS = {
  missingIdentity: {
    title: 'Validation Error',
    message: 'All players must have a Discord ID and username.',
  },
  statsAllOrNone: {
    title: 'Incomplete K/D Stats',
    message: 'Either all players must have both kills and deaths, or leave K/D stats blank for everyone.',
  },
  statsKillsDeathsMismatch: {
    title: 'Incomplete K/D Stats',
    message:
      'If you enter kills for a player, you must also enter deaths (and vice versa). K/D stats must be complete for all players or omitted entirely.',
  },
} as const satisfies Record<string, RuleViolation>;

/** docs/product.md#messages: the toast when the server refuses; `fallbackMessage` when it gave no message. */
export const RECORD_MATCH_FAILURE = { title: 'Error', fallbackMessage: 'Failed to record match' } as const;
export const RECORD_MATCH_SUCCESS = {
  title: 'Match Recorded',
  message: 'ELO ratings have been updated successfully',
} as const;

export const DUPLICATE_DISCORD_ID_MESSAGE = 'The same Discord ID appears more than once in this match.';

/** A player with where it sits in the body (`team2[0]`), for problems that name the field. */
export interface PlacedPlayer<P> {
  path: string;
  player: P;
}

export function placed<P>(team1: readonly P[], team2: readonly P[]): PlacedPlayer<P>[] {
  return [
    ...team1.map((player, i) => ({ path: `team1[${i}]`, player })),
    ...team2.map((player, i) => ({ path: `team2[${i}]`, player })),
  ];
}

/** One broken rule at one field path. */
export interface Problem {
  path: string;
  message: string;
}

type Identity = Pick<RecordMatchPlayer, 'discordId' | 'username'>;
type KillsDeaths = Pick<RecordMatchPlayer, 'kills' | 'deaths'>;

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

// Rule 1: every player needs a Discord ID and a username. Whitespace alone is not a name.
export function missingIdentityProblems(players: readonly PlacedPlayer<Partial<Identity>>[]): Problem[] {
  return players.flatMap(({ path, player }) => [
    ...(isBlank(player.discordId) ? [{ path: `${path}.discordId`, message: 'Discord ID is required.' }] : []),
    ...(isBlank(player.username) ? [{ path: `${path}.username`, message: 'Username is required.' }] : []),
  ]);
}

const hasKillsOrDeaths = (p: KillsDeaths): boolean => p.kills > 0 || p.deaths > 0;

// Rule 2: K/D is entered for everyone or for nobody. "Entered" means kills or deaths above 0,
// because the form's blank is 0.
export function statsAllOrNoneProblems(players: readonly PlacedPlayer<KillsDeaths>[]): Problem[] {
  const withStats = players.filter(({ player }) => hasKillsOrDeaths(player)).length;
  if (withStats === 0 || withStats === players.length) return [];
  return players
    .filter(({ player }) => !hasKillsOrDeaths(player))
    .map(({ path }) => ({ path, message: 'Kills and deaths are blank while other players have K/D stats.' }));
}

// Rule 3: as many players with kills above 0 as with deaths above 0.
export function killsDeathsMismatchProblems(players: readonly PlacedPlayer<KillsDeaths>[]): Problem[] {
  const withKills = players.filter(({ player }) => player.kills > 0).length;
  const withDeaths = players.filter(({ player }) => player.deaths > 0).length;
  if (withKills === withDeaths) return [];
  return players.flatMap(({ path, player }): Problem[] => {
    if (player.kills > 0 && !(player.deaths > 0)) return [{ path: `${path}.deaths`, message: 'Kills are entered but deaths are not.' }];
    if (player.deaths > 0 && !(player.kills > 0)) return [{ path: `${path}.kills`, message: 'Deaths are entered but kills are not.' }];
    return [];
  });
}

/** docs/product.md#validation rules 1–3 in order; the first one broken, as the client shows it, or null. */
export function checkRecordMatchForm(req: RecordMatchRequest): RuleViolation | null {
  const players = placed(req.team1, req.team2);
  if (missingIdentityProblems(players).length > 0) return RECORD_MATCH_ERRORS.missingIdentity;
  if (statsAllOrNoneProblems(players).length > 0) return RECORD_MATCH_ERRORS.statsAllOrNone;
  if (killsDeathsMismatchProblems(players).length > 0) return RECORD_MATCH_ERRORS.statsKillsDeathsMismatch;
  return null;
}

/**
 * docs/product.md#validation rule 4: K/D stats count only when every player in the match has them. A player has
 * them when kills or deaths are above 0 (a real 0 beside a non-zero value is a statistic;
 * 0 and 0 is the form's blank). Pass the players of both teams.
 */
export function statsAvailable(players: readonly KillsDeaths[]): boolean {
  return players.length > 0 && players.every(hasKillsOrDeaths);
}

/** docs/product.md#players-and-merges: no score above the mode's limit, and the winning team's score not below the losing team's. */
export function scoreProblems(
  scores: Record<TeamId, number | null>,
  winningTeam: TeamId,
  mode: Mode | null,
): Problem[] {
  const problems: Problem[] = [];
  const limit = mode?.scoreLimit;
  if (mode && limit != null && limit > 0) {
    for (const team of TEAMS) {
      const score = scores[team];
      if (score !== null && score > limit) {
        problems.push({
          path: `${team}Score`,
          message: `${TEAM_LABELS[team]}'s score of ${score} is above the ${mode.name} score limit of ${limit}.`,
        });
      }
    }
  }
  const losingTeam: TeamId = winningTeam === 'team1' ? 'team2' : 'team1';
  const winner = scores[winningTeam];
  const loser = scores[losingTeam];
  if (winner !== null && loser !== null && winner < loser) {
    problems.push({
      path: `${winningTeam}Score`,
      message: `The winning team (${TEAM_LABELS[winningTeam]}) scored ${winner}, less than the losing team's ${loser}. Check the scores or the winner.`,
    });
  }
  return problems;
}

