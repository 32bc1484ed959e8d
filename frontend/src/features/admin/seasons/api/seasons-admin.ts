import type { RenameSeasonRequest, SeasonWriteResponse, StartSeasonRequest } from '@team/contracts';
import { api } from '@/lib/api';
import { MATCH_TAGS } from '@/lib/cache-tags';

const seasonsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/admin/seasons (admin, SeasonStarted): the current season ends now. A soft reset
     * moves every rating, so every read a match refreshes reads again.
     */
    startSeason: build.mutation<SeasonWriteResponse, StartSeasonRequest>({
      query: (body) => ({ url: '/api/admin/seasons', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [...MATCH_TAGS]),
    }),
    /** PUT /api/admin/seasons/{id} (admin, SeasonRenamed): only the season names change. */
    renameSeason: build.mutation<SeasonWriteResponse, RenameSeasonRequest & { seasonId: number }>({
      query: ({ seasonId, name }) => ({ url: `/api/admin/seasons/${seasonId}`, method: 'PUT', body: { name }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Leaderboard']),
    }),
  }),
});

export const { useStartSeasonMutation, useRenameSeasonMutation } = seasonsAdminApi;
