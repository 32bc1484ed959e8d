import type { PlayerComparison } from '@team/contracts';
import { api } from '@/lib/api';

const compareApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/compare?a=&b=: two players side by side and their matches against each other. */
    comparePlayers: build.query<PlayerComparison, { a: number; b: number }>({
      query: ({ a, b }) => `/api/players/compare?a=${a}&b=${b}`,
      providesTags: (_result, _error, { a, b }) => [
        { type: 'Players', id: 'LIST' },
        { type: 'Matches', id: `COMPARE-${a}-${b}` },
      ],
    }),
  }),
});

export const { useComparePlayersQuery } = compareApi;
