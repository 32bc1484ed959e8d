import type { PoolId } from './pool-id.js';

// Seasons are ladder events (not a stream of their own, as docs/scaling.md first sketched): a
// soft reset moves the ratings the ladder's decider reads, so it has to be ordered with the
// matches in the one stream that holds every rating decision.

/** One rating a season's start set, in one pool: its value at the end of the closing season and after the soft reset. */
export interface SeasonRatingMove {
  playerId: number;
  pool: PoolId;
  /** The rating at the end of the closing season: that season's final standing. */
  before: number;
  /** softResetRating(before, softResetPercent): what the new season starts from. */
  after: number;
}

/**
 * A new season starts at this point of the log; the current one ends here. Matches recorded
 * after this event belong to the new season (log order, not clock time, draws the boundary).
 */
export interface SeasonStarted {
  type: 'SeasonStarted';
  data: {
    seasonId: number;
    name: string;
    startedAt: string;
    /** 0 to 100: how far every rating moved toward START_RATING. */
    softResetPercent: number;
    /**
     * The season that ended here, or null when this one is the first (no match recorded yet:
     * it names the first season instead of the implicit "Season 1").
     */
    endedSeasonId: number | null;
    /** The first match id of the new season: every id below it is in an earlier season. */
    firstMatchId: number;
    /**
     * Every standing account's rating in every pool it has (the overall pool always), before
     * and after the reset: the closing season's final ratings, kept even where nothing moved.
     */
    ratings: SeasonRatingMove[];
  };
}

export interface SeasonRenamed {
  type: 'SeasonRenamed';
  data: { seasonId: number; name: string; previousName: string; recordedAt: string };
}

export type SeasonEvent = SeasonStarted | SeasonRenamed;
