import type { PlayerCard, PlayerProfile, UpdatePlayerProfileRequest } from '@team/contracts';
import { api } from './api';

/** The cards' reads, refreshed by every ladder change (they carry the live line) and by a profile edit. */
const CARDS_TAG = { type: 'Players', id: 'CARDS' } as const;

/**
 * Player cards (issue 42): a player's live line on the board with the avatar and links a
 * moderator set. The roster's cards and the player profile both read them, so they live here.
 */
export const playerCardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/cards?ids=: the named players still on the board, in the order named. */
    getPlayerCards: build.query<PlayerCard[], readonly number[]>({
      query: (ids) => `/api/players/cards?ids=${ids.join(',')}`,
      providesTags: [CARDS_TAG],
    }),
    /** PUT /api/admin/players/{id}/profile (PlayerProfileEdited): moderators. */
    updatePlayerProfile: build.mutation<PlayerProfile, { playerId: number } & UpdatePlayerProfileRequest>({
      query: ({ playerId, ...body }) => ({ url: `/api/admin/players/${playerId}/profile`, method: 'PUT', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [CARDS_TAG]),
    }),
  }),
});

export const { useGetPlayerCardsQuery, useUpdatePlayerProfileMutation } = playerCardsApi;
