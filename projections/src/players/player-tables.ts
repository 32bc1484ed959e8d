// The players read model's tables and rows (players.projection.ts applies the events to them).

/**
 * The players read model: one row per account with its totals and overall ELO, and one row
 * per (player, mode) with that mode pool's rating. A merged-away account stays as a
 * tombstone row (merged_into set, totals zeroed) so its id still means something.
 */
export interface PlayerRow {
  id: number;
  discord_id: string;
  username: string;
  elo: number;
  wins: number;
  losses: number;
  total_kills: number;
  total_deaths: number;
  total_assists: number;
  total_score: number;
  total_matches: number;
  merged_into: number | null;
}

export interface PlayerRatingRow {
  player_id: number;
  mode_id: number;
  elo: number;
  matches: number;
}

export const PLAYERS_TABLE = 'ladder_players';

export const PLAYER_RATINGS_TABLE = 'ladder_player_ratings';
