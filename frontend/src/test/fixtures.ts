import { rankPlayers, type LeaderboardEntry, type MatchPage, type MatchPageLine, type Player } from '@team/contracts';

let nextId = 1;

export function makePlayer(overrides: Partial<Player> = {}): Player {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: `player${id}`,
    discordId: String(1000 + id),
    elo: 1000,
    wins: 0,
    losses: 0,
    winRate: 0,
    kdRatio: 0,
    totalKills: 0,
    totalDeaths: 0,
    totalAssists: 0,
    totalMatches: 0,
    avgKills: 0,
    avgDeaths: 0,
    avgAssists: 0,
    avgScore: 0,
    ...overrides,
  };
}

/** What GET /api/players/leaderboard answers for these players. */
export function leaderboardOf(players: Player[]): LeaderboardEntry[] {
  return rankPlayers(players);
}

/** A line of a match page: 10/5/2 and 1500, no mode stat, from 1000; team 1 wins by default (+16, −16). */
export function makeMatchLine({ playerId, username, team, ...overrides }: Pick<MatchPageLine, 'playerId' | 'username' | 'team'> & Partial<MatchPageLine>): MatchPageLine {
  const ratingChange = overrides.ratingChange ?? (team === 'team1' ? 16 : -16);
  return {
    playerId,
    username,
    discordId: String(3_000_000 + playerId),
    recordedAs: username,
    team,
    won: team === 'team1',
    kills: 10,
    deaths: 5,
    assists: 2,
    score: 1500,
    hardpointTime: null,
    captures: null,
    plantsDefuses: null,
    ratingBefore: 1000,
    ratingChange,
    ratingAfter: 1000 + ratingChange,
    ...overrides,
  };
}

/** What GET /api/matches/{id} answers: an overall match that team 1 won, without scores. */
export function makeMatchPage(overrides: Partial<MatchPage> = {}): MatchPage {
  return {
    id: 1,
    createdAt: '2025-03-04T20:00:00.000Z',
    mode: null,
    winningTeam: 'team1',
    team1Score: null,
    team2Score: null,
    map: null,
    statsUsed: true,
    teams: { team1: [], team2: [] },
    voided: null,
    ...overrides,
  };
}
