import { rankPlayers, type LeaderboardEntry, type Player } from '@team/contracts';

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
