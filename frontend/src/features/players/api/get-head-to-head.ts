import type { HeadToHead } from '@team/contracts';
import { api } from '@/lib/api';

export const headToHeadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/{id}/head-to-head: the opponents met most and the teammates played with most. */
    getHeadToHead: build.query<HeadToHead, number>({
      query: (playerId) => `/api/players/${playerId}/head-to-head`,
      // Read from the matches read model: a recorded match, a merge or a void refreshes it.
      providesTags: (_result, _error, playerId) => [{ type: 'Matches', id: `HEAD-TO-HEAD-${playerId}` }],
    }),
  }),
});

export const { useGetHeadToHeadQuery } = headToHeadApi;
