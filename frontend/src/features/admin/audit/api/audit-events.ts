import type { AuditPage } from '@team/contracts';
import { api } from '@/lib/api';
import { auditQueryString, EMPTY_AUDIT_FILTER, type AuditFilter } from '../audit-filter';

/** Rows per page of the audit table. */
export const AUDIT_PAGE_SIZE = 50;

const auditEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/admin/events, newest first, one cursor page at a time ("Load older" asks
     * for the page before the oldest position shown).
     */
    getAuditEvents: build.infiniteQuery<AuditPage, AuditFilter, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/api/admin/events?${auditQueryString(queryArg, { before: pageParam, limit: AUDIT_PAGE_SIZE })}`,
        admin: true,
      }),
      // The log only grows: each visit reads it again.
      keepUnusedDataFor: 0,
    }),
    /** The newest `limit` events of the whole log, the same read unfiltered: the admin home's short list. */
    getRecentAuditEvents: build.query<AuditPage, number>({
      query: (limit) => ({ url: `/api/admin/events?${auditQueryString(EMPTY_AUDIT_FILTER, { before: null, limit })}`, admin: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditEventsInfiniteQuery, useGetRecentAuditEventsQuery } = auditEventsApi;
