import type { ContentPage, ContentSection } from '@team/contracts';
import { api } from '@/lib/api';

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/content/{page}: the page's sections in display order. */
    getContent: build.query<ContentSection[], ContentPage>({
      query: (page) => `/api/content/${page}`,
      providesTags: (_result, _error, page) => [{ type: 'Content', id: page }, 'Content'],
    }),
  }),
});

export const { useGetContentQuery } = contentApi;
