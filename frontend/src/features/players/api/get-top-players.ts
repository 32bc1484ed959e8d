import type { TopPlayer } from '@team/contracts';
import { api } from '@/lib/api';

export const topPlayersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/top: the best players in rank order. */
    getTopPlayers: build.query<TopPlayer[], void>({
      query: () => '/api/players/top',
      providesTags: [{ type: 'Leaderboard', id: 'TOP' }],
    }),
  }),
});

export const { useGetTopPlayersQuery } = topPlayersApi;
