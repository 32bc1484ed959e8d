import type { Mode } from '@team/contracts';
import { api } from '@/lib/api';

export const modesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/modes: game modes with their score limits. */
    getModes: build.query<Mode[], void>({
      query: () => '/api/modes',
      providesTags: ['Modes'],
    }),
  }),
});

export const { useGetModesQuery } = modesApi;
