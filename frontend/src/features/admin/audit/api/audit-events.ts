import type { Actor, EventMetadata } from '@team/contracts';
import { api } from '@/lib/api';
import { auditQueryString, type AuditFilter } from '../audit-filter';

/** One event of the log as GET /api/admin/events shows it. */
export interface AuditEntry {
  /** Position in the global log: the cursor of the pages. */
  position: number;
  recordedAt: string;
  type: string;
  streamId: string;
  /** 0-based revision within the stream. */
  revision: number;
  actor: Actor;
  /** Ties every event of one request together. */
  correlationId: string;
  fingerprint: string | null;
  /** One readable line, written by the server. */
  summary: string;
  /** The players and pages the event touched. */
  links: { playerIds: number[]; pageSlugs: string[]; contentPages: string[] };
  data: unknown;
  metadata: EventMetadata;
}

export interface AuditPage {
  events: AuditEntry[];
  /** Pass as `before` for the next, older page; null at the start of the log. */
  nextCursor: number | null;
}

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
  }),
});

export const { useGetAuditEventsInfiniteQuery } = auditEventsApi;
