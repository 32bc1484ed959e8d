import type { PlayerMatchRecord } from '@team/contracts';
import { api } from '@/lib/api';

export const playerMatchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/{id}/matches[?asOf=]: the player's history (now, or as the log stood then), fetched fresh every time (SPEC §4). */
    getPlayerMatches: build.query<PlayerMatchRecord[], { playerId: number; asOf: number | null }>({
      query: ({ playerId, asOf }) => `/api/players/${playerId}/matches${asOf == null ? '' : `?asOf=${asOf}`}`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, { playerId }) => [{ type: 'Matches', id: `PLAYER-${playerId}` }],
    }),
  }),
});

/** Requested whenever a player is selected, without caching; with `asOf`, as of that position. */
export function usePlayerMatchHistory(playerId: number | null, asOf: number | null = null) {
  return playerMatchesApi.useGetPlayerMatchesQuery(
    { playerId: playerId ?? 0, asOf },
    { skip: playerId == null, refetchOnMountOrArgChange: true },
  );
}
