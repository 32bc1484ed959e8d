import type { GlobalStats } from '@team/contracts';
import { api } from '@/lib/api';

export const globalStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/stats/global */
    getGlobalStats: build.query<GlobalStats, void>({
      query: () => '/api/stats/global',
      providesTags: [{ type: 'Stats', id: 'GLOBAL' }],
    }),
  }),
});

export const { useGetGlobalStatsQuery } = globalStatsApi;
