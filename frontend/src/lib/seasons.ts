import type { Season } from '@team/contracts';
import { api } from './api';

/**
 * The season list two features read: the leaderboard's season selector and the admin's
 * Seasons panel. Tagged as part of the leaderboard read model: a season's start or rename
 * invalidates it.
 */
export const seasonListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/seasons: newest first. */
    getSeasons: build.query<Season[], void>({
      query: () => '/api/seasons',
      providesTags: [{ type: 'Leaderboard', id: 'SEASONS' }],
    }),
  }),
});

export const { useGetSeasonsQuery } = seasonListApi;
