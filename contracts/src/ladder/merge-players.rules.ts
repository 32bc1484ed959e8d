// Checks of the merge and unmerge request bodies (docs/product.md#players-and-merges), run by the server. Whether the
// accounts exist, were merged, or shared a match is the ladder's decision, not the body's.
import type { MergePlayersRequest } from '../api/players.js';
import type { Checked } from '../cms/cms-validation.js';

export const MERGE_PLAYERS_NOT_VALID = 'primaryId and duplicateId must both be player ids (positive whole numbers).';

/** A player id as JSON carries it: a number, whole and positive (a string of digits is not one). */
function playerId(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * POST /api/players/merge and POST /api/admin/merges/revert: both name the two accounts the
 * same way (RevertMergeRequest has MergePlayersRequest's shape). Errors are the details of a
 * 400 whose message is MERGE_PLAYERS_NOT_VALID.
 */
export function checkMergePlayers(body: unknown): Checked<MergePlayersRequest> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const primaryId = playerId(fields.primaryId);
  const duplicateId = playerId(fields.duplicateId);
  if (primaryId === null || duplicateId === null) {
    return {
      ok: false,
      errors: [
        ...(primaryId === null ? ['primaryId: expected a positive whole number.'] : []),
        ...(duplicateId === null ? ['duplicateId: expected a positive whole number.'] : []),
      ],
    };
  }
  return { ok: true, value: { primaryId, duplicateId } };
}
