// POST /api/reviews/report: a signed-in account reports a review once, with a reason (docs/product.md section 13).
import { api } from '../../../lib/api';

const reportReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportReview: build.mutation<{ message?: string } | undefined, { review_id: number; reason: string; doctor_id: number }>({
      // Silent: the report dialog shows a refusal and keeps the reason.
      query: ({ doctor_id: _doctor, ...body }) => ({ url: '/reviews/report', body, silent: true }),
      // Three reports hold a review: the practice's list may change.
      invalidatesTags: (_result, error, { doctor_id }) => (error ? [] : [{ type: 'Review', id: doctor_id }, 'AdminReviews']),
    }),
  }),
});

export const { useReportReviewMutation } = reportReviewApi;
