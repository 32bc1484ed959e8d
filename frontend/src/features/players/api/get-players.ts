import type { Player } from '@team/contracts';
import { api } from '@/app/api';

const playersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players: every player with totals and averages. */
    getPlayers: build.query<Player[], void>({
      query: () => '/api/players',
      providesTags: [{ type: 'Players', id: 'LIST' }],
    }),
    /** GET /api/players?asOf={position}: every player as the log stood at that position (time travel). */
    getPlayersAsOf: build.query<Player[], number>({
      query: (position) => `/api/players?asOf=${position}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPlayersQuery, useGetPlayersAsOfQuery } = playersApi;

/** Every player now, or as of a past position of the log. */
export function usePlayersAt(asOf: number | null, { skip }: { skip: boolean }) {
  const now = playersApi.useGetPlayersQuery(undefined, { skip: skip || asOf != null });
  const past = playersApi.useGetPlayersAsOfQuery(asOf ?? 0, { skip: skip || asOf == null });
  return asOf == null ? now : past;
}
