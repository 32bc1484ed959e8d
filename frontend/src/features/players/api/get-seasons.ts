import type { Season, SeasonLeaderboardEntry } from '@team/contracts';
import { api } from '@/lib/api';

export const seasonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/seasons: newest first. */
    getSeasons: build.query<Season[], void>({
      query: () => '/api/seasons',
      providesTags: [{ type: 'Leaderboard', id: 'SEASONS' }],
    }),
    /** GET /api/seasons/{id}/leaderboard[?mode=]: the season's board (a closed one never changes). */
    getSeasonLeaderboard: build.query<SeasonLeaderboardEntry[], { seasonId: number; modeId: number | null }>({
      query: ({ seasonId, modeId }) =>
        `/api/seasons/${seasonId}/leaderboard${modeId == null ? '' : `?mode=${encodeURIComponent(modeId)}`}`,
      providesTags: (_result, _error, { seasonId, modeId }) => [{ type: 'Leaderboard', id: `S${seasonId}-${modeId ?? 'OVERALL'}` }],
    }),
  }),
});

export const { useGetSeasonsQuery, useGetSeasonLeaderboardQuery } = seasonsApi;

/** ?season= of the leaderboard: absent is all time, else a season id. */
export function leaderboardSeasonFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('season'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
