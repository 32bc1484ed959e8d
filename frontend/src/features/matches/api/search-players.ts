import type { PlayerSearchHit } from '@team/contracts';
import { api } from '@/lib/api';

export interface SearchPlayersArgs {
  /** The text typed, trimmed: 1 to PLAYER_SEARCH_MAX_QUERY_LENGTH characters. */
  q: string;
  limit: number;
}

export const searchPlayersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/search: known players by name or Discord ID. A recorded match may add players, so it refreshes these too. */
    searchPlayers: build.query<PlayerSearchHit[], SearchPlayersArgs>({
      query: ({ q, limit }) => `/api/players/search?${new URLSearchParams({ q, limit: String(limit) })}`,
      providesTags: [{ type: 'Players', id: 'SEARCH' }],
    }),
  }),
});

export const { useLazySearchPlayersQuery } = searchPlayersApi;
