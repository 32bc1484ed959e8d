import type {
  ContentPage,
  ContentSection,
  CreateContentRequest,
  ReorderContentRequest,
  UpdateContentRequest,
} from '@team/contracts';
import { api } from '@/lib/api';

/**
 * The content editor's writes. None of them invalidates on its own: a Save runs many in a
 * row and refreshes the content queries once at the end (see `invalidatePublicContent`).
 */
const saveSectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/content. */
    createSection: build.mutation<ContentSection | null, CreateContentRequest>({
      query: (body) => ({ url: '/api/content', method: 'POST', body, admin: true }),
    }),
    /** PUT /api/content/{id}. */
    updateSection: build.mutation<unknown, { id: number; body: UpdateContentRequest }>({
      query: ({ id, body }) => ({ url: `/api/content/${id}`, method: 'PUT', body, admin: true }),
    }),
    /** DELETE /api/content/{id}. */
    deleteSection: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/content/${id}`, method: 'DELETE', admin: true }),
    }),
    /** POST /api/content/{page}/reorder: refreshes the public page, not the editor. */
    reorderSections: build.mutation<unknown, { page: ContentPage; body: ReorderContentRequest }>({
      query: ({ page, body }) => ({ url: `/api/content/${page}/reorder`, method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error, { page }) => (error ? [] : [{ type: 'Content', id: page }]),
    }),
  }),
});

export const {
  useCreateSectionMutation,
  useUpdateSectionMutation,
  useDeleteSectionMutation,
  useReorderSectionsMutation,
} = saveSectionsApi;

/** After a Save: the page's public content query reads again (docs/product.md#api-calls); the editor refetches its own copy. */
export const invalidatePublicContent = (page: ContentPage) => api.util.invalidateTags([{ type: 'Content', id: page }]);
