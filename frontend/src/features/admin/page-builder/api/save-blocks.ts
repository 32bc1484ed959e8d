import type { ContentBlock, SaveBlockRequest } from '@team/contracts';
import { api } from '@/lib/api';

/**
 * The page builder's block writes. A Save runs several in a row and then refreshes the
 * page once (`invalidatePublicPage`), so none invalidates on its own.
 */
const saveBlocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/blocks: the block plus pageId. */
    createBlock: build.mutation<ContentBlock | null, SaveBlockRequest>({
      query: (body) => ({ url: '/api/blocks', method: 'POST', body, admin: true }),
    }),
    /** PUT /api/blocks/{id}: the whole block. */
    updateBlock: build.mutation<unknown, SaveBlockRequest & { id: number }>({
      query: (body) => ({ url: `/api/blocks/${body.id}`, method: 'PUT', body, admin: true }),
    }),
    /** DELETE /api/blocks/{id}. */
    deleteBlock: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/blocks/${id}`, method: 'DELETE', admin: true }),
    }),
  }),
});

export const { useCreateBlockMutation, useUpdateBlockMutation, useDeleteBlockMutation } = saveBlocksApi;

/** After a Save: the public page reads again (the builder refetches its own copy). */
export const invalidatePublicPage = (slug: string) => api.util.invalidateTags([{ type: 'Pages', id: slug }]);
