import type { TeamId } from '../matches/match-limits.js';
import type { LadderTotals } from './ladder-totals.js';
import type { SeasonEvent } from './season-events.js';
import type { PoolId } from './pool-id.js';

// The ladder aggregate's events (docs/product.md#aggregates): the backend decides them, the projections apply them.

/** The one stream of the ladder aggregate: every rating decision is ordered in it. */
export const LADDER_STREAM = 'ladder';


export interface MatchParticipantRecorded {
  playerId: number;
  /** True when this match created the player (an unknown Discord ID). */
  newPlayer: boolean;
  /** As given in the request; after a merge it may be an alias of `playerId`. */
  discordId: string;
  /**
   * The username typed for this line. It names a new player (`newPlayer`); an existing player
   * keeps its name (only PlayerRenamed renames one), and the match's line keeps what was typed.
   */
  username: string;
  team: TeamId;
  won: boolean;
  /** Null when the match has no K/D stats (docs/product.md#validation rule 4): the form's blank, not a real 0. */
  kills: number | null;
  deaths: number | null;
  assists: number;
  score: number;
  hardpointTime: number | null;
  captures: number | null;
  plantsDefuses: number | null;
  /** In the pool of the match. */
  ratingBefore: number;
  ratingChange: number;
  ratingAfter: number;
}

export interface MatchRecorded {
  type: 'MatchRecorded';
  data: {
    matchId: number;
    recordedAt: string;
    /**
     * When the match was played, present only on older history imported after the ladder's latest
     * event (`?backdated=true`): rated at `recordedAt`, in log order, and shown at this time.
     */
    playedAt?: string;
    mode: { id: number; name: string; scoreLimit: number | null } | null;
    pool: PoolId;
    winningTeam: TeamId;
    team1Score: number | null;
    team2Score: number | null;
    /** Whether K/D stats counted in the rating (docs/product.md#validation rule 4). */
    statsUsed: boolean;
    /** The caller's Idempotency-Key: a repeat with it gets this match's answer. */
    idempotencyKey: string | null;
    /** Hash of the validated request, so a key reused for a different match is refused. */
    requestHash: string | null;
    participants: MatchParticipantRecorded[];
    /**
     * The map's name, present only when the match named one. Absent means "no map": events
     * recorded before maps existed never have it, and they stay valid as they are (schemaVersion 1).
     */
    map?: string;
  };
}

export interface PoolMerge {
  pool: PoolId;
  primaryBefore: number;
  duplicateBefore: number;
  /** mergedRating(primaryBefore, duplicateBefore): the start plus both accounts' changes. */
  after: number;
}

export interface PlayersMerged {
  type: 'PlayersMerged';
  data: {
    primaryId: number;
    duplicateId: number;
    recordedAt: string;
    primary: { discordId: string; username: string };
    duplicate: { discordId: string; username: string };
    /** The duplicate's matches, now the primary's. */
    movedMatchIds: number[];
    /** New ratings of the primary in every pool the duplicate had played in. */
    ratings: PoolMerge[];
    /**
     * The merged account's ELO-after values re-threaded in time (match id) order, for the
     * history entries whose value changed: the primary's after the duplicate's first match
     * in that pool, and all of the duplicate's.
     */
    rethreaded: { matchId: number; eloAfter: number }[];
  };
}

/** One participant line of a voided match, counted for the player that owns it now. */
export interface MatchVoidedParticipant {
  /** The line's current owner (after merges): the player whose rating and totals move back. */
  playerId: number;
  won: boolean;
  /** The line's stats, as recorded: what the owner's totals lose (null: no K/D stats). */
  kills: number | null;
  deaths: number | null;
  assists: number;
  score: number;
  /** In the match's pool, before and after the void. */
  ratingBefore: number;
  /**
   * What the void gives back: ratingAfter − ratingBefore, i.e. minus the match's change,
   * unless the floor of 0 cut it short.
   */
  ratingChange: number;
  ratingAfter: number;
}

/** A re-threaded ELO-after value of one player's history entry. */
export interface RethreadedEntry {
  playerId: number;
  matchId: number;
  eloAfter: number;
}

/**
 * A correction (docs/product.md#players-and-merges): the match no longer counts. Each participant gets the match's
 * change back in its pool and loses its stats from the totals; later matches keep their
 * changes. The match leaves the histories and the recent matches (the audit log keeps it).
 */
export interface MatchVoided {
  type: 'MatchVoided';
  data: {
    matchId: number;
    /** Why, as the admin wrote it (1 to MAX_VOID_REASON_LENGTH characters). */
    reason: string;
    recordedAt: string;
    pool: PoolId;
    participants: MatchVoidedParticipant[];
    /**
     * The participants' later history entries in the pool: START_RATING plus the running
     * sum of the changes that still count, in match order.
     */
    rethreaded: RethreadedEntry[];
  };
}

export interface PoolUnmerge {
  pool: PoolId;
  primaryBefore: number;
  primaryAfter: number;
  duplicateAfter: number;
  /**
   * Matches each account has in the pool afterwards. A mode pool is shown for a player only
   * while it has matches in it; the overall pool always is.
   */
  primaryMatches: number;
  duplicateMatches: number;
}

/**
 * A correction: the merge of `duplicateId` into `primaryId` is reverted. The duplicate
 * takes back its matches (those it brought and those recorded with its Discord IDs since),
 * its Discord IDs, its share of each pool's rating and of the totals.
 */
export interface PlayersUnmerged {
  type: 'PlayersUnmerged';
  data: {
    primaryId: number;
    duplicateId: number;
    recordedAt: string;
    /**
     * The primary's username after the revert: its own at the merge, or an admin's rename since.
     * (Events decided before issue 22 name the last username a match gave its own Discord IDs.)
     */
    primary: { username: string };
    /**
     * The duplicate as it stands again, with its username at the merge. (Events decided before
     * issue 22 name the last username a match gave its Discord IDs.)
     */
    duplicate: { discordId: string; username: string; discordIds: string[] };
    /** The matches that go back to the duplicate, in match order. */
    movedBackMatchIds: number[];
    /** Every pool either account's rating changes in (the overall pool always). */
    ratings: PoolUnmerge[];
    /** The duplicate's totals afterwards: the primary's go down by as much. */
    duplicateTotals: LadderTotals;
    /** Both accounts' ELO-after values that change, re-threaded in match order. */
    rethreaded: RethreadedEntry[];
  };
}

/**
 * An admin renamed a player (a standing account, not a merged-away one). The only event that
 * renames an existing player: a match's typed username names new players only. Renaming to
 * `previousUsername` again undoes it.
 */
export interface PlayerRenamed {
  type: 'PlayerRenamed';
  data: { playerId: number; username: string; previousUsername: string; recordedAt: string };
}

export type LadderEvent = MatchRecorded | PlayersMerged | MatchVoided | PlayersUnmerged | PlayerRenamed | SeasonEvent;
export type LadderEventType = LadderEvent['type'];

export const LADDER_EVENT_TYPES: readonly LadderEventType[] = [
  'MatchRecorded',
  'PlayersMerged',
  'MatchVoided',
  'PlayersUnmerged',
  'PlayerRenamed',
  'SeasonStarted',
  'SeasonRenamed',
];

export function isLadderEvent(event: { type: string }): event is LadderEvent {
  return (LADDER_EVENT_TYPES as readonly string[]).includes(event.type);
}

// The corrections' request and answer shapes, and the totals arithmetic, sit beside their events.
export * from './ladder-corrections.js';
export * from './ladder-totals.js';
export * from './season-events.js';
