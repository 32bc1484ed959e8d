import { PLAYER_SEARCH_DEFAULT_LIMIT, type PlayerSearchHit } from '@team/contracts';
import { api } from '@/lib/api';

export const rosterPlayerSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/search: the tracker players a roster card may name, by name or Discord ID. */
    rosterPlayerSearch: build.query<PlayerSearchHit[], string>({
      query: (q) => `/api/players/search?${new URLSearchParams({ q, limit: String(PLAYER_SEARCH_DEFAULT_LIMIT) })}`,
      providesTags: [{ type: 'Players', id: 'SEARCH' }],
    }),
  }),
});

export const { useRosterPlayerSearchQuery } = rosterPlayerSearchApi;
