import type { ContentPage, ContentSection } from '@team/contracts';
import { api } from '@/lib/api';

const sectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/content/{page} for the editor. Tagged apart from the public reads so a
     * reorder (which refreshes the public pages) does not reload, and so discard, the
     * editor's unsaved edits; a Save refreshes both through the 'Content' tag.
     */
    getEditorSections: build.query<ContentSection[], ContentPage>({
      query: (page) => `/api/content/${page}`,
      providesTags: (_result, _error, page) => [{ type: 'Content', id: `EDITOR-${page}` }],
    }),
  }),
});

export const { useGetEditorSectionsQuery } = sectionsApi;
