import type { RevertMergeResponse } from '@team/contracts';
import { api } from './api';

/** What a ladder correction changes: every player read model reads again. */
export const LADDER_TAGS = ['Players', 'Leaderboard', 'Matches', 'Stats', 'Duplicates'] as const;

const ladderCorrectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/merges/revert (admin, PlayersUnmerged): from the Audit screen and the player profile. */
    revertMerge: build.mutation<RevertMergeResponse, { primaryId: number; duplicateId: number }>({
      query: (body) => ({ url: '/api/admin/merges/revert', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
  }),
});

export const { useRevertMergeMutation } = ladderCorrectionsApi;
