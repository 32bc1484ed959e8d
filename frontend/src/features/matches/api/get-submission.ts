import type { SubmissionStatusAnswer } from '@team/contracts';
import { api } from '@/lib/api';

export const submissionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/submissions/{id}: a review-mode submission's status (pending, approved, rejected). */
    getSubmission: build.query<SubmissionStatusAnswer, string>({
      query: (id) => `/api/submissions/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Submissions', id }],
    }),
  }),
});

export const { useGetSubmissionQuery } = submissionApi;
