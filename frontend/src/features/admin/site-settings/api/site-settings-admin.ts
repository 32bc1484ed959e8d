import type { Page, SiteSettings } from '@team/contracts';
import { api } from '@/lib/api';

const siteSettingsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/site: every setting, hidden navigation entries included. */
    getSiteSettings: build.query<SiteSettings, void>({
      query: () => ({ url: '/api/admin/site', admin: true }),
      providesTags: ['Site'],
    }),
    /** GET /api/pages: the pages a navigation entry may point at. */
    getNavigablePages: build.query<Page[], void>({
      query: () => '/api/pages',
      providesTags: ['Pages'],
    }),
  }),
});

export const { useGetSiteSettingsQuery, useGetNavigablePagesQuery } = siteSettingsAdminApi;
export { useUpdateSiteSettingsMutation } from '@/lib/site';
