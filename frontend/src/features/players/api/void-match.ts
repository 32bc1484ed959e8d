import type { VoidMatchRequest, VoidMatchResponse } from '@team/contracts';
import { api } from '@/app/api';

const voidMatchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/admin/matches/{id}/void (admin). The match's changes are given back and it
     * leaves every total and history, so every player read model reads again.
     */
    voidMatch: build.mutation<VoidMatchResponse, VoidMatchRequest & { matchId: number }>({
      query: ({ matchId, reason }) => ({ url: `/api/admin/matches/${matchId}/void`, method: 'POST', body: { reason }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Players', 'Leaderboard', 'Matches', 'Stats']),
    }),
  }),
});

export const { useVoidMatchMutation } = voidMatchApi;
