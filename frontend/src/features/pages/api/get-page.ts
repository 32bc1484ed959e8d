import type { PageWithBlocks } from '@team/contracts';
import { api } from '@/lib/api';

export const pageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/pages/{slug}: the page with its content blocks. */
    getPageBySlug: build.query<PageWithBlocks, string>({
      query: (slug) => `/api/pages/${encodeURIComponent(slug)}`,
      providesTags: (_result, _error, slug) => [{ type: 'Pages', id: slug }, 'Pages'],
    }),
  }),
});

export const { useGetPageBySlugQuery } = pageApi;
