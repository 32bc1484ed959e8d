import type { PlayerSeason, SeasonLeaderboardEntry } from '@team/contracts';
import { api } from '@/lib/api';

export const seasonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/seasons/{id}/leaderboard[?mode=]: the season's board (a closed one never changes). */
    getSeasonLeaderboard: build.query<SeasonLeaderboardEntry[], { seasonId: number; modeId: number | null }>({
      query: ({ seasonId, modeId }) =>
        `/api/seasons/${seasonId}/leaderboard${modeId == null ? '' : `?mode=${encodeURIComponent(modeId)}`}`,
      providesTags: (_result, _error, { seasonId, modeId }) => [{ type: 'Leaderboard', id: `S${seasonId}-${modeId ?? 'OVERALL'}` }],
    }),
    /** GET /api/players/{id}/seasons: the player's line on each season's board, newest first. */
    getPlayerSeasons: build.query<PlayerSeason[], number>({
      query: (playerId) => `/api/players/${playerId}/seasons`,
      providesTags: (_result, _error, playerId) => [{ type: 'Leaderboard', id: `PLAYER-SEASONS-${playerId}` }],
    }),
  }),
});

export const { useGetSeasonLeaderboardQuery, useGetPlayerSeasonsQuery } = seasonsApi;

/** ?season= of the leaderboard: absent is all time, else a season id. */
export function leaderboardSeasonFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('season'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
