import type { PlayerMatchRecord } from '@team/contracts';
import { api } from '@/app/api';

const playerMatchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/{id}/matches: the player's history, fetched fresh every time (SPEC §4). */
    getPlayerMatches: build.query<PlayerMatchRecord[], number>({
      query: (playerId) => `/api/players/${playerId}/matches`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, playerId) => [{ type: 'Matches', id: `PLAYER-${playerId}` }],
    }),
  }),
});

/** Requested whenever a player is selected, without caching. */
export function usePlayerMatchHistory(playerId: number | null) {
  return playerMatchesApi.useGetPlayerMatchesQuery(playerId ?? 0, {
    skip: playerId == null,
    refetchOnMountOrArgChange: true,
  });
}
