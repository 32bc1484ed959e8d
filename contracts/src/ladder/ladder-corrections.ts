import type { Player } from '../api/players.js';

// The ladder's corrections over HTTP (docs/product.md#players-and-merges): voiding a match and reverting a merge.

/** Most characters of a void's reason (after trimming): the server refuses more, the form stops there. */
export const MAX_VOID_REASON_LENGTH = 500;

/** POST /api/admin/matches/{id}/void */
export interface VoidMatchRequest {
  /** Why the match no longer counts (1 to MAX_VOID_REASON_LENGTH characters); kept in the audit log. */
  reason: string;
}

/** The answer: what the void gave back to each participant, in the match's pool. */
export interface VoidMatchResponse {
  matchId: number;
  reason: string;
  /** The MatchVoided event's position in the log. */
  position: number;
  participants: { playerId: number; username: string; ratingBefore: number; ratingChange: number; ratingAfter: number }[];
}

/** POST /api/admin/merges/revert */
export interface RevertMergeRequest {
  primaryId: number;
  duplicateId: number;
}

/** The answer: both accounts as the read side shows them after the revert. */
export interface RevertMergeResponse {
  primary: Player;
  duplicate: Player;
}
