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
    /** GET /api/players/{id}/matches?asOf={position}: the history as the log stood then. */
    getPlayerMatchesAsOf: build.query<PlayerMatchRecord[], { playerId: number; asOf: number }>({
      query: ({ playerId, asOf }) => `/api/players/${playerId}/matches?asOf=${asOf}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

/** Requested whenever a player is selected, without caching; with `asOf`, as of that position. */
export function usePlayerMatchHistory(playerId: number | null, asOf: number | null = null) {
  const now = playerMatchesApi.useGetPlayerMatchesQuery(playerId ?? 0, {
    skip: playerId == null || asOf != null,
    refetchOnMountOrArgChange: true,
  });
  const past = playerMatchesApi.useGetPlayerMatchesAsOfQuery(
    { playerId: playerId ?? 0, asOf: asOf ?? 0 },
    { skip: playerId == null || asOf == null, refetchOnMountOrArgChange: true },
  );
  return asOf == null ? now : past;
}
