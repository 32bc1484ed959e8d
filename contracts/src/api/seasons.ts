import type { LeaderboardEntry } from './players.js';

// Seasons over HTTP: GET /api/seasons, GET /api/seasons/{id}/leaderboard, a player's
// seasons, and the admin's POST /api/admin/seasons and PUT /api/admin/seasons/{id}.

/** GET /api/seasons: newest first. */
export interface Season {
  id: number;
  name: string;
  startedAt: string;
  /** When the next season started; null for the current one. */
  endedAt: string | null;
  current: boolean;
}

/**
 * GET /api/seasons/{id}/leaderboard[?mode=]: the players who played in the season (in the
 * mode, with ?mode=), ranked by their rating at the season's end (now, for the current one).
 * The totals count the season's matches only; `elo` is that end rating.
 */
export interface SeasonLeaderboardEntry extends LeaderboardEntry {
  /** The highest rating the player reached in the season, in the board's pool. */
  peakElo: number;
}

/** GET /api/players/{id}/seasons: one line per season the player played in, newest first. */
export interface PlayerSeason {
  season: Season;
  matches: number;
  wins: number;
  losses: number;
  kdRatio: number;
  avgScore: number;
  /** Overall rating at the season's end (now, for the current season). */
  finalElo: number;
  peakElo: number;
  /** Rank on the season's overall board. */
  rank: number;
}

/** POST /api/admin/seasons */
export interface StartSeasonRequest {
  name: string;
  /** 0–100, default 0: how far every rating moves toward 1000. */
  softResetPercent?: number;
}

/** PUT /api/admin/seasons/{id} */
export interface RenameSeasonRequest {
  name: string;
}

/** The answer to either admin call: the season as GET /api/seasons lists it, and the event's position. */
export interface SeasonWriteResponse {
  season: Season;
  position: number;
  /** Ratings the soft reset changed (0 for a rename or a 0 % reset). */
  ratingsMoved: number;
}
