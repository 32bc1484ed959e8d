import type { PageVersion, RestoreVersionRequest, SectionVersion } from '@team/contracts';
import { api } from '@/lib/api';

/** A restore names the section or page and the version to bring back. */
export interface RestoreRequest extends RestoreVersionRequest {
  id: number;
}

const versionHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/content/{id}/versions: every state of one section, rebuilt from its events. */
    getSectionVersions: build.query<SectionVersion[], number>({
      query: (id) => ({ url: `/api/admin/content/${id}/versions`, admin: true }),
      providesTags: (_result, _error, id) => [{ type: 'Content', id: `VERSIONS-${id}` }],
      keepUnusedDataFor: 0,
    }),
    /**
     * POST /api/admin/content/{id}/restore: a new event that brings the section back to
     * that version. Every content query reads again: the public pages, the editor, this history.
     */
    restoreSectionVersion: build.mutation<unknown, RestoreRequest>({
      query: ({ id, version }) => ({ url: `/api/admin/content/${id}/restore`, method: 'POST', body: { version }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Content']),
    }),
    /** GET /api/admin/pages/{id}/versions: every state of one page with its blocks. */
    getPageVersions: build.query<PageVersion[], number>({
      query: (id) => ({ url: `/api/admin/pages/${id}/versions`, admin: true }),
      providesTags: (_result, _error, id) => [{ type: 'Pages', id: `VERSIONS-${id}` }],
      keepUnusedDataFor: 0,
    }),
    /** POST /api/admin/pages/{id}/restore: every page query reads again. */
    restorePageVersion: build.mutation<unknown, RestoreRequest>({
      query: ({ id, version }) => ({ url: `/api/admin/pages/${id}/restore`, method: 'POST', body: { version }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Pages']),
    }),
  }),
});

export const {
  useGetSectionVersionsQuery,
  useRestoreSectionVersionMutation,
  useGetPageVersionsQuery,
  useRestorePageVersionMutation,
} = versionHistoryApi;
