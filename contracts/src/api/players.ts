/** A player as the read side serves it (SPEC §3). */
export interface Player {
  id: number;
  username: string;
  discordId: string;
  elo: number;
  wins: number;
  losses: number;
  /** Percent, 0–100. */
  winRate: number;
  /** Kills over deaths (kills when deaths are 0). */
  kdRatio: number;
  totalKills: number;
  totalDeaths: number;
  totalAssists: number;
  totalMatches: number;
  avgKills: number;
  avgDeaths: number;
  avgAssists: number;
  avgScore: number;
}

/** GET /api/players/top */
export type TopPlayer = Pick<Player, 'id' | 'username' | 'wins' | 'losses' | 'elo'>;

/** GET /api/players/leaderboard: players in rank order, with rank and tier. */
export interface LeaderboardEntry extends Player {
  rank: number;
  tier: string;
}

export interface DuplicateGroup {
  username: string;
  players: Player[];
}

export interface MergePlayersRequest {
  primaryId: number;
  duplicateId: number;
}
