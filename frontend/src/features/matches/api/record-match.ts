import type { RecordMatchRequest, RecordMatchResponse, SubmittedMatch } from '@team/contracts';
import { api } from '@/lib/api';
import { MATCH_TAGS } from '@/lib/cache-tags';

export interface RecordMatchArgs {
  request: RecordMatchRequest;
  /** One key per submission of one form state: a retried POST is not recorded twice. */
  idempotencyKey: string;
  /** Sends the stored admin key: recording needs a recorder key on this site (PUBLIC_RECORDING=recorders). */
  admin?: boolean;
}

/** Whether the answer is a review-mode submission (202) rather than a recorded match. */
export function isSubmission(answer: RecordMatchResponse | SubmittedMatch | null | undefined): answer is SubmittedMatch {
  return typeof answer === 'object' && answer !== null && 'submissionId' in answer;
}

export const recordMatchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/matches. A recorded match refreshes every read model it changes (docs/product.md#api-calls); a failed one, none. */
    recordMatch: build.mutation<RecordMatchResponse, RecordMatchArgs>({
      query: ({ request, idempotencyKey, admin = false }) => ({
        url: '/api/matches',
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
        admin,
      }),
      invalidatesTags: (result, error) => (error || isSubmission(result) ? [] : [...MATCH_TAGS]),
    }),
  }),
});

export const { useRecordMatchMutation } = recordMatchApi;
