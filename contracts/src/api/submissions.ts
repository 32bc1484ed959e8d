import type { RecordMatchRequest, RecordMatchResponse } from './matches.js';
import { ApiErrorSchema, z, type ApiOperationSpec } from './schema.js';
import { textProblem } from '../text/text-rules.js';

// The review queue (PUBLIC_RECORDING=review): a visitor's POST /api/matches becomes a pending
// submission, which a moderator approves (the match is recorded then) or rejects with a reason.

/** A submission's stream: `submission-{id}`. */
export const submissionStreamId = (submissionId: string): string => `submission-${submissionId}`;
export const SUBMISSION_STREAM_PREFIX = 'submission-';

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A rejection's reason: required, at most this long. */
export const MAX_REJECT_REASON_LENGTH = 500;

/** The idempotency key an approval records its match under: a retried approval records it once. */
export const submissionIdempotencyKey = (submissionId: string): string => `submission:${submissionId}`;

/** A submission id: a random UUID, so a status page is found only through its link. */
export const SUBMISSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The record-match payload as submitted (RecordMatchRequest, validated when it was submitted). */
const submittedMatch = z.custom<RecordMatchRequest>(() => true).meta({ description: 'The record-match payload (RecordMatchRequest) as submitted.' });


/** GET /api/submissions/{id}: what the submitter's status page shows. */
export const SubmissionStatusSchema = z
  .object({
    id: z.string(),
    status: z.enum(SUBMISSION_STATUSES),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
    /** The match recorded on approval. */
    matchId: z.int().nullable(),
    /** The moderator's reason, on rejection. */
    reason: z.string().nullable(),
    match: submittedMatch,
  })
  .meta({ id: 'SubmissionStatus' });
export type SubmissionStatusAnswer = z.infer<typeof SubmissionStatusSchema>;

/** One submission as the moderators' queue lists it. */
export const SubmissionSchema = SubmissionStatusSchema.extend({
  /** Who decided (the key's name), once decided. */
  decidedBy: z.string().nullable(),
}).meta({ id: 'Submission' });
export type Submission = z.infer<typeof SubmissionSchema>;

export const SubmissionListSchema = z.object({ submissions: z.array(SubmissionSchema) }).meta({ id: 'SubmissionList' });
export type SubmissionList = z.infer<typeof SubmissionListSchema>;

export const SubmissionListQuerySchema = z.object({
  status: z.enum(SUBMISSION_STATUSES, { error: `status must be one of ${SUBMISSION_STATUSES.join(', ')}` }).optional(),
});

/** POST /api/admin/submissions/{id}/reject. */
export const RejectSubmissionRequestSchema = z
  .object({
    reason: z
      .string({ error: 'a rejection needs a reason' })
      .trim()
      .min(1, 'a rejection needs a reason')
      .max(MAX_REJECT_REASON_LENGTH, `the reason must be at most ${MAX_REJECT_REASON_LENGTH} characters`)
      .superRefine((value, context) => {
        const problem = textProblem(value, { multiline: true });
        if (problem) context.addIssue({ code: 'custom', message: `the reason ${problem}` });
      }),
  })
  .meta({ id: 'RejectSubmissionRequest' });
export type RejectSubmissionRequest = z.input<typeof RejectSubmissionRequestSchema>;

/** The answer of an approval: the submission, now approved, and the recorded match's answer. */
export const ApprovedSubmissionSchema = z
  .object({ submission: SubmissionSchema, match: z.custom<RecordMatchResponse>(() => true).meta({ description: 'RecordMatchResponse' }) })
  .meta({ id: 'ApprovedSubmission' });
export type ApprovedSubmission = z.infer<typeof ApprovedSubmissionSchema>;

// The events of a `submission-{id}` stream.
export interface MatchSubmitted {
  type: 'MatchSubmitted';
  data: { submissionId: string; submittedAt: string; request: RecordMatchRequest };
}
export interface SubmissionApproved {
  type: 'SubmissionApproved';
  /** `decidedBy`: the name of the moderator's key. */
  data: { submissionId: string; matchId: number; decidedAt: string; decidedBy: string };
}
export interface SubmissionRejected {
  type: 'SubmissionRejected';
  data: { submissionId: string; reason: string; decidedAt: string; decidedBy: string };
}
export type SubmissionEvent = MatchSubmitted | SubmissionApproved | SubmissionRejected;
export const SUBMISSION_EVENT_TYPES: readonly SubmissionEvent['type'][] = ['MatchSubmitted', 'SubmissionApproved', 'SubmissionRejected'];

const submissionIdParam = z.object({ id: z.string().meta({ description: 'The submission id (a UUID).' }) });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));

export const SUBMISSION_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/submissions/{id}',
    summary: "A submission's status",
    description: 'Public: pending, approved (with the match id) or rejected (with the reason).',
    tag: 'Review queue',
    pathParams: submissionIdParam,
    responses: { 200: SubmissionStatusSchema, ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/api/admin/submissions',
    summary: 'The review queue',
    description: 'Oldest first; `?status=` narrows it (pending by default lists every status).',
    tag: 'Review queue',
    role: 'moderator',
    query: SubmissionListQuerySchema,
    responses: { 200: SubmissionListSchema, ...errors(400, 401, 403, 429) },
  },
  {
    method: 'post',
    path: '/api/admin/submissions/{id}/approve',
    summary: 'Approve a submission: its match is recorded now',
    tag: 'Review queue',
    role: 'moderator',
    pathParams: submissionIdParam,
    responses: { 200: ApprovedSubmissionSchema, ...errors(400, 401, 403, 404, 429) },
  },
  {
    method: 'post',
    path: '/api/admin/submissions/{id}/reject',
    summary: 'Reject a submission with a reason',
    tag: 'Review queue',
    role: 'moderator',
    pathParams: submissionIdParam,
    body: RejectSubmissionRequestSchema,
    responses: { 200: SubmissionSchema, ...errors(400, 401, 403, 404, 429) },
  },
];
