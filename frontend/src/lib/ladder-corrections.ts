import type { RenamePlayerResponse, RevertMergeResponse, VoidMatchRequest, VoidMatchResponse } from '@team/contracts';
import { api } from './api';
import { LADDER_TAGS } from './cache-tags';

/**
 * The ladder corrections two features offer: the Audit screen (on a log entry) and the
 * player profile (on a match or a merged account). Each is appended as a new event.
 */
const ladderCorrectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/admin/matches/{id}/void (admin, MatchVoided). The match's changes are given
     * back and it leaves every total and history, so every player read model reads again.
     */
    voidMatch: build.mutation<VoidMatchResponse, VoidMatchRequest & { matchId: number }>({
      query: ({ matchId, reason }) => ({ url: `/api/admin/matches/${matchId}/void`, method: 'POST', body: { reason }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
    /** POST /api/admin/merges/revert (admin, PlayersUnmerged). */
    revertMerge: build.mutation<RevertMergeResponse, { primaryId: number; duplicateId: number }>({
      query: (body) => ({ url: '/api/admin/merges/revert', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
    /** POST /api/admin/players/{id}/rename (admin, PlayerRenamed): a name shows on every view of the ladder. */
    renamePlayer: build.mutation<RenamePlayerResponse, { playerId: number; username: string }>({
      query: ({ playerId, username }) => ({ url: `/api/admin/players/${playerId}/rename`, method: 'POST', body: { username }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
  }),
});

export const { useVoidMatchMutation, useRevertMergeMutation, useRenamePlayerMutation } = ladderCorrectionsApi;
