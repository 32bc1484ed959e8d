import type { DuplicateGroup, MergePlayersRequest } from '@team/contracts';
import { api } from '@/lib/api';
import { LADDER_TAGS } from '@/lib/cache-tags';

const duplicatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/players/duplicates: needs the admin key (docs/product.md#roles). */
    getDuplicates: build.query<DuplicateGroup[], void>({
      query: () => ({ url: '/api/players/duplicates', admin: true }),
      providesTags: [{ type: 'Duplicates', id: 'LIST' }],
    }),
    /**
     * POST /api/players/merge. The duplicate's history moves to the primary, so every
     * player read model (lists, leaderboard, stats, histories) reads again.
     */
    mergePlayers: build.mutation<unknown, MergePlayersRequest>({
      query: (body) => ({ url: '/api/players/merge', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...LADDER_TAGS]),
    }),
  }),
});

export const { useGetDuplicatesQuery, useMergePlayersMutation } = duplicatesApi;
