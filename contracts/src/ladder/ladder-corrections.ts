import { PlayerSchema } from '../api/players.js';
import { errorResponses, idParam, positionField, wholeNumber, z, type ApiOperationSpec } from '../api/schema.js';

// The ladder's corrections over HTTP (docs/product.md#players-and-merges): voiding a match and reverting a merge.

/** Most characters of a void's reason (after trimming): the server refuses more, the form stops there. */
export const MAX_VOID_REASON_LENGTH = 500;

/** POST /api/admin/matches/{id}/void */
export const VoidMatchRequestSchema = z
  .object({
    reason: z
      .string()
      .meta({ description: `Why the match no longer counts (1 to ${MAX_VOID_REASON_LENGTH} characters once trimmed); kept in the audit log.` }),
  })
  .meta({ id: 'VoidMatchRequest' });
export type VoidMatchRequest = z.infer<typeof VoidMatchRequestSchema>;

/** The answer: what the void gave back to each participant, in the match's pool. */
export const VoidMatchResponseSchema = z
  .object({
    matchId: wholeNumber(),
    reason: z.string(),
    position: positionField(),
    participants: z.array(
      z.object({ playerId: wholeNumber(), username: z.string(), ratingBefore: wholeNumber(), ratingChange: wholeNumber(), ratingAfter: wholeNumber() }),
    ),
  })
  .meta({ id: 'VoidMatchResponse' });
export type VoidMatchResponse = z.infer<typeof VoidMatchResponseSchema>;

/** POST /api/admin/merges/revert */
export const RevertMergeRequestSchema = z
  .object({ primaryId: z.int().min(1), duplicateId: z.int().min(1) })
  .meta({ id: 'RevertMergeRequest' });
export type RevertMergeRequest = z.infer<typeof RevertMergeRequestSchema>;

/** The answer: both accounts as the read side shows them after the revert. */
export const RevertMergeResponseSchema = z.object({ primary: PlayerSchema, duplicate: PlayerSchema }).meta({ id: 'RevertMergeResponse' });
export type RevertMergeResponse = z.infer<typeof RevertMergeResponseSchema>;

export const LADDER_CORRECTION_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'post',
    path: '/api/admin/matches/{id}/void',
    tag: 'admin: matches',
    summary: 'Void a match',
    description: 'The match no longer counts anywhere (its page stays, with the reason); the answer is what the void gave back to each participant.',
    role: 'moderator',
    pathParams: idParam('The match id.'),
    body: VoidMatchRequestSchema,
    responses: { 200: VoidMatchResponseSchema, ...errorResponses(400, 404, 409) },
  },
  {
    method: 'post',
    path: '/api/admin/merges/revert',
    tag: 'admin: players',
    summary: 'Revert a merge',
    description: 'The duplicate account comes back with its own matches; the answer is both accounts.',
    role: 'moderator',
    body: RevertMergeRequestSchema,
    responses: { 200: RevertMergeResponseSchema, ...errorResponses(400, 404, 409) },
  },
];
