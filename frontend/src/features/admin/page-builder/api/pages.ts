import type { CreatePageRequest, Page, PageWithBlocks } from '@team/contracts';
import { api } from '@/lib/api';

const pagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/pages: every page for the sidebar. */
    getAdminPages: build.query<Page[], void>({
      query: () => '/api/pages',
      providesTags: [{ type: 'Pages', id: 'LIST' }],
    }),
    /**
     * GET /api/pages/{slug} for the builder, tagged apart from the public page so only
     * a Save of this page (not, say, creating another page) reloads its local blocks.
     */
    getEditorPage: build.query<PageWithBlocks, string>({
      query: (slug) => `/api/pages/${encodeURIComponent(slug)}`,
      providesTags: (_result, _error, slug) => [{ type: 'Pages', id: `EDITOR-${slug}` }],
    }),
    /** POST /api/pages. */
    createPage: build.mutation<Page | null, CreatePageRequest>({
      query: (body) => ({ url: '/api/pages', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Pages', id: 'LIST' }]),
    }),
    /** DELETE /api/pages/{id}: system pages answer 409. */
    deletePage: build.mutation<unknown, Page>({
      query: (page) => ({ url: `/api/pages/${page.id}`, method: 'DELETE', admin: true }),
      invalidatesTags: (_result, error, page) =>
        error ? [] : [{ type: 'Pages', id: 'LIST' }, { type: 'Pages', id: page.slug }],
    }),
  }),
});

export const { useGetAdminPagesQuery, useGetEditorPageQuery, useCreatePageMutation, useDeletePageMutation } = pagesApi;
