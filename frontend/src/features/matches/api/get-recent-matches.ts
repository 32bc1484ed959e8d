import type { Match } from '@team/contracts';
import { api } from '@/lib/api';

export const recentMatchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/matches/recent: newest matches first. */
    getRecentMatches: build.query<Match[], void>({
      query: () => '/api/matches/recent',
      providesTags: [{ type: 'Matches', id: 'RECENT' }],
    }),
  }),
});

export const { useGetRecentMatchesQuery } = recentMatchesApi;
