import type { Player } from '@team/contracts';
import { api } from '@/lib/api';

export const playersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players: every player with totals and averages; with a position, as the log stood then (time travel). */
    getPlayers: build.query<Player[], number | void>({
      query: (asOf) => (asOf == null ? '/api/players' : `/api/players?asOf=${asOf}`),
      providesTags: [{ type: 'Players', id: 'LIST' }],
    }),
  }),
});

export const { useGetPlayersQuery } = playersApi;
