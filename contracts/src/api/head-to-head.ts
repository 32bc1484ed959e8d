import { compareCodeUnits } from '../text/compare-code-units.js';
import type { PlayerMatchRecord, TeamId } from './matches.js';
import type { LeaderboardEntry } from './players.js';

/** Someone a player met (as an opponent) or played beside (as a teammate), and how those matches went for the player. */
export interface HeadToHeadEntry {
  player: { id: number; username: string };
  matches: number;
  /** Against an opponent: the player's wins over them. Beside a teammate: the wins together. */
  wins: number;
  losses: number;
}

/** GET /api/players/{id}/head-to-head: the ten opponents met most and the ten teammates played with most. */
export interface HeadToHead {
  opponents: HeadToHeadEntry[];
  teammates: HeadToHeadEntry[];
}

/** How many opponents and teammates a head-to-head lists. */
export const HEAD_TO_HEAD_LIMIT = 10;

/** One point of a rating history: the rating after a match, in the pool that match moved. */
export interface RatingHistoryPoint {
  matchId: number;
  createdAt: string;
  /** The pool: null for the overall rating, else the mode's. */
  mode: { id: number; name: string } | null;
  eloChange: number;
  eloAfter: number;
}

/** A player's history as rating points, oldest first (lines without a rating left out). */
export function ratingHistoryOf(records: readonly PlayerMatchRecord[]): RatingHistoryPoint[] {
  return records
    .filter((record) => record.eloAfter != null && record.eloChange != null)
    .map((record) => ({
      matchId: record.match.id,
      createdAt: record.match.createdAt,
      mode: record.match.mode,
      eloChange: record.eloChange!,
      eloAfter: record.eloAfter!,
    }))
    .sort((x, y) => compareCodeUnits(x.createdAt, y.createdAt) || x.matchId - y.matchId);
}

/** One side of a comparison: the player as the leaderboard ranks it, and its rating history. */
export interface ComparedPlayer {
  player: LeaderboardEntry;
  ratingHistory: RatingHistoryPoint[];
}

/** One compared player's line of a match between them. */
export interface MatchBetweenSide {
  team: TeamId;
  ratingChange: number;
  eloAfter: number;
}

/** A match the two compared players played against each other. */
export interface MatchBetween {
  matchId: number;
  createdAt: string;
  mode: { id: number; name: string } | null;
  team1Score: number | null;
  team2Score: number | null;
  /** The compared player who won it (a's or b's id). */
  winnerId: number;
  a: MatchBetweenSide;
  b: MatchBetweenSide;
}

/** GET /api/players/compare?a={id}&b={id} */
export interface PlayerComparison {
  a: ComparedPlayer;
  b: ComparedPlayer;
  /** Their matches against each other: how many, and who won how many. */
  record: { matches: number; aWins: number; bWins: number };
  /** Newest first. */
  matches: MatchBetween[];
}
