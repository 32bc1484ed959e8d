import type { LeaderboardEntry } from '@team/contracts';
import { api } from '@/lib/api';

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/players/leaderboard: players in rank order with rank and tier. With a
     * mode id, the ranking of that mode's rating pool.
     */
    getLeaderboard: build.query<LeaderboardEntry[], number | null>({
      query: (modeId) =>
        modeId == null ? '/api/players/leaderboard' : `/api/players/leaderboard?mode=${encodeURIComponent(modeId)}`,
      providesTags: (_result, _error, modeId) => [{ type: 'Leaderboard', id: modeId ?? 'OVERALL' }],
    }),
  }),
});

export const { useGetLeaderboardQuery } = leaderboardApi;

/** The rating pool of ?mode= (kept in the URL so a mode's leaderboard can be linked to): null is overall. */
export function leaderboardModeFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('mode'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
