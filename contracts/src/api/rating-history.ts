import type { PlayerMatchRecord } from './matches.js';
import type { RatingHistoryPoint } from './head-to-head.js';
import { compareCodeUnits } from '../text/compare-code-units.js';

// A player's rating over time, from the match history (no schemas: the profile's chart imports it).

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
    .sort(compareRatingPoints);
}

/** Rating points oldest first: by when the match was played, then by its id. */
export function compareRatingPoints(x: RatingHistoryPoint, y: RatingHistoryPoint): number {
  return compareCodeUnits(x.createdAt, y.createdAt) || x.matchId - y.matchId;
}
