import type { AdminKeySummary, CreateAdminKeyRequest, CreatedAdminKey } from '@team/contracts';
import { api } from '@/lib/api';

const adminKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/keys (owner): 201 with the key itself, the only time it is shown; 409 for a name in use. */
    createAdminKey: build.mutation<CreatedAdminKey, CreateAdminKeyRequest>({
      query: (body) => ({ url: '/api/admin/keys', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminKeys']),
    }),
    /** POST /api/admin/keys/{id}/revoke (owner): the key stops working at once, in every API process. */
    revokeAdminKey: build.mutation<AdminKeySummary, string>({
      query: (id) => ({ url: `/api/admin/keys/${encodeURIComponent(id)}/revoke`, method: 'POST', admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminKeys']),
    }),
  }),
});

export const { useCreateAdminKeyMutation, useRevokeAdminKeyMutation } = adminKeysApi;
