import type { Player } from '@team/contracts';
import { api } from '@/app/api';

const playersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players: every player with totals and averages. */
    getPlayers: build.query<Player[], void>({
      query: () => '/api/players',
      providesTags: [{ type: 'Players', id: 'LIST' }],
    }),
  }),
});

export const { useGetPlayersQuery } = playersApi;
