import type { LeaderboardEntry, VoidMatchResponse } from '@team/contracts';
import { api } from '@/app/api';
import { LADDER_TAGS } from '@/app/ladder-corrections';

const correctionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/matches/{id}/void from an audit row (MatchVoided). */
    voidMatchFromAudit: build.mutation<VoidMatchResponse, { matchId: number; reason: string }>({
      query: ({ matchId, reason }) => ({ url: `/api/admin/matches/${matchId}/void`, method: 'POST', body: { reason }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
    /** The leaderboard as it stood right after an event (time travel): never cached. */
    getLeaderboardAsOf: build.query<LeaderboardEntry[], number>({
      query: (position) => `/api/players/leaderboard?asOf=${position}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useVoidMatchFromAuditMutation, useGetLeaderboardAsOfQuery } = correctionsApi;
