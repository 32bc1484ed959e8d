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

/** POST /api/admin/players/{id}/rename (admin): the name the profile and the leaderboard show from now on. */
export interface RenamePlayerRequest {
  username: string;
}

/** The answer to a rename; a rename to the player's own name appends nothing (position 0). */
export interface RenamePlayerResponse {
  playerId: number;
  username: string;
  previousUsername: string;
  /** The PlayerRenamed event's global log position (0 when nothing was appended). */
  position: number;
}
