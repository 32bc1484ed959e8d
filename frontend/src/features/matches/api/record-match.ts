import type { RecordMatchRequest, RecordMatchResponse } from '@team/contracts';
import { api } from '@/lib/api';
import { MATCH_TAGS } from '@/lib/cache-tags';

export interface RecordMatchArgs {
  request: RecordMatchRequest;
  /** One key per submission of one form state: a retried POST is not recorded twice. */
  idempotencyKey: string;
}

const recordMatchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/matches. Refreshes every read model a match changes (SPEC §7). */
    recordMatch: build.mutation<RecordMatchResponse, RecordMatchArgs>({
      query: ({ request, idempotencyKey }) => ({
        url: '/api/matches',
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [...MATCH_TAGS],
    }),
  }),
});

export const { useRecordMatchMutation } = recordMatchApi;
