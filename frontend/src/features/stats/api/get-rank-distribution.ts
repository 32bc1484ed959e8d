import type { RankDistribution } from '@team/contracts';
import { api } from '@/lib/api';

export const rankDistributionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/stats/rank-distribution: tier name → player count. */
    getRankDistribution: build.query<RankDistribution, void>({
      query: () => '/api/stats/rank-distribution',
      providesTags: [{ type: 'Stats', id: 'RANK_DISTRIBUTION' }],
    }),
  }),
});

export const { useGetRankDistributionQuery } = rankDistributionApi;
