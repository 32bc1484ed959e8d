import type { PublicSettings } from '@team/contracts';
import { api } from '@/lib/api';

export const publicSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/settings: whether recording a match needs a recorder key (PUBLIC_RECORDING). */
    getPublicSettings: build.query<PublicSettings, void>({
      query: () => '/api/settings',
    }),
  }),
});

export const { useGetPublicSettingsQuery } = publicSettingsApi;
