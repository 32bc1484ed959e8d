import type { AdminKeySummary } from '@team/contracts';
import { api } from '@/lib/api';

const adminKeyListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/admin/keys: the named keys, newest first (never a key itself). Any role may read
     * it: the Admin Keys screen lists them, and the audit log filters by them.
     */
    getAdminKeys: build.query<AdminKeySummary[], void>({
      query: () => ({ url: '/api/admin/keys', admin: true }),
      providesTags: ['AdminKeys'],
    }),
  }),
});

export const { useGetAdminKeysQuery } = adminKeyListApi;
