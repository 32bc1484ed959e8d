import type { MatchPage } from '@team/contracts';
import { api } from '@/lib/api';

export const matchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/matches/{id}: one match's page (a void shows on it). */
    getMatch: build.query<MatchPage, number>({
      query: (id) => `/api/matches/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Matches', id }],
    }),
  }),
});

export const { useGetMatchQuery } = matchApi;
