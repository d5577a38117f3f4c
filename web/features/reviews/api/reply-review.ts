// POST /api/reviews/reply: the practice answers a review publicly, once; calling again edits the answer
// (docs/product.md section 13).
import { api } from '../../../lib/api';

const replyReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    replyToReview: build.mutation<unknown, { review_id: number; text: string; doctor_id: number }>({
      // Silent: the reply form shows a refusal and keeps the text.
      query: ({ doctor_id: _doctor, ...body }) => ({ url: '/reviews/reply', body, silent: true }),
      invalidatesTags: (_result, error, { doctor_id }) => (error ? [] : [{ type: 'Review', id: doctor_id }, 'AdminReviews']),
    }),
  }),
});

export const { useReplyToReviewMutation } = replyReviewApi;
