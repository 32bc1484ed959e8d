/** A player as the read side serves it (docs/product.md#entities). */
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

/**
 * GET /api/players/top: docs/product.md#api-calls's id, username, wins, losses and elo, with the Discord ID
 * that tells two same-named players apart and the match count that marks a provisional rating.
 */
export type TopPlayer = Pick<Player, 'id' | 'username' | 'discordId' | 'wins' | 'losses' | 'elo' | 'totalMatches'>;

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

/** GET /api/players/search: `q` is 1 to this many characters once trimmed. */
export const PLAYER_SEARCH_MAX_QUERY_LENGTH = 64;
/** GET /api/players/search: the most players one lookup answers (`limit`). */
export const PLAYER_SEARCH_MAX_LIMIT = 20;
/** GET /api/players/search: how many players a lookup answers when `limit` is not given. */
export const PLAYER_SEARCH_DEFAULT_LIMIT = 8;

/**
 * One player found by GET /api/players/search?q=&limit= (active accounts only, never a merged
 * one). Best matches first: the Discord ID itself, the name itself, names starting with q,
 * Discord IDs starting with q, then names containing q; among equals, the most matches first.
 */
export interface PlayerSearchHit {
  id: number;
  username: string;
  discordId: string;
  /** The overall rating. */
  elo: number;
  totalMatches: number;
}
