import type { ApprovedSubmission, PlayerSearchHit, RejectSubmissionRequest, Submission, SubmissionList, SubmissionStatus } from '@team/contracts';
import { api } from '@/lib/api';
import { MATCH_TAGS } from '@/lib/cache-tags';

/** How many known players a lookup of a row's ID or name brings back (enough to tell a clash). */
const LOOKUP_LIMIT = 8;

const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/submissions (moderator): oldest first. */
    getSubmissions: build.query<SubmissionList, SubmissionStatus>({
      query: (status) => ({ url: `/api/admin/submissions?status=${status}`, admin: true }),
      providesTags: ['Submissions'],
      keepUnusedDataFor: 0,
    }),
    /** POST …/approve: the match is recorded now; every board it changes refreshes. */
    approveSubmission: build.mutation<ApprovedSubmission, string>({
      query: (id) => ({ url: `/api/admin/submissions/${encodeURIComponent(id)}/approve`, method: 'POST', admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Submissions', ...MATCH_TAGS]),
    }),
    rejectSubmission: build.mutation<Submission, { id: string } & RejectSubmissionRequest>({
      query: ({ id, reason }) => ({ url: `/api/admin/submissions/${encodeURIComponent(id)}/reject`, method: 'POST', body: { reason }, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Submissions']),
    }),
    /** GET /api/players/search: known players for a row's Discord ID or name (the new-ID warning). */
    reviewPlayerLookup: build.query<PlayerSearchHit[], string>({
      query: (q) => `/api/players/search?${new URLSearchParams({ q, limit: String(LOOKUP_LIMIT) })}`,
      providesTags: [{ type: 'Players', id: 'SEARCH' }],
    }),
  }),
});

export const { useGetSubmissionsQuery, useApproveSubmissionMutation, useRejectSubmissionMutation, useReviewPlayerLookupQuery } = reviewApi;
