import type { RecordMatchRequest, RecordMatchResponse } from '@team/contracts';
import { api } from '@/lib/api';
import { MATCH_TAGS } from '@/lib/cache-tags';

export interface RecordMatchArgs {
  request: RecordMatchRequest;
  /** One key per submission of one form state: a retried POST is not recorded twice. */
  idempotencyKey: string;
  /** Sends the stored admin key: recording needs a recorder key on this site (PUBLIC_RECORDING=recorders). */
  admin?: boolean;
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
      invalidatesTags: (_result, error) => (error ? [] : [...MATCH_TAGS]),
    }),
  }),
});

export const { useRecordMatchMutation } = recordMatchApi;
