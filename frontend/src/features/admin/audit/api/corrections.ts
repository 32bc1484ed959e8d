import type { LeaderboardEntry, RevertMergeResponse, VoidMatchResponse } from '@team/contracts';
import { api } from '@/app/api';

/** What a correction changes: every player read model reads again. */
const LADDER_TAGS = ['Players', 'Leaderboard', 'Matches', 'Stats', 'Duplicates'] as const;

const correctionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/matches/{id}/void from an audit row (MatchVoided). */
    voidMatchFromAudit: build.mutation<VoidMatchResponse, { matchId: number; reason: string }>({
      query: ({ matchId, reason }) => ({ url: `/api/admin/matches/${matchId}/void`, method: 'POST', body: { reason }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
    /** POST /api/admin/merges/revert (PlayersUnmerged). */
    revertMerge: build.mutation<RevertMergeResponse, { primaryId: number; duplicateId: number }>({
      query: (body) => ({ url: '/api/admin/merges/revert', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
    /** The leaderboard as it stood right after an event (time travel): never cached. */
    getLeaderboardAsOf: build.query<LeaderboardEntry[], number>({
      query: (position) => `/api/players/leaderboard?asOf=${position}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useVoidMatchFromAuditMutation, useRevertMergeMutation, useGetLeaderboardAsOfQuery } = correctionsApi;
