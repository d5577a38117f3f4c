// POST /api/admin/review-moderate: publish, reject or remove a review with a reason; audited, and the author is
// e-mailed (docs/product.md section 13). The queue, the practice's reviews and its rating in search follow.
import type { ModerationDecision } from '../../../../shared/lib/review-rules';
import { api } from '../../../lib/api';

const moderateReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    moderateReview: build.mutation<unknown, { review_id: number; decision: ModerationDecision; reason: string; doctor_id: number }>({
      // Silent: the dialog shows a refusal and keeps the reason.
      query: ({ doctor_id: _doctor, ...body }) => ({ url: '/admin/review-moderate', body, silent: true }),
      invalidatesTags: (_result, error, { doctor_id }) =>
        error ? [] : ['AdminReviews', 'AdminActivity', { type: 'Review', id: doctor_id }, { type: 'Doctor', id: doctor_id }, { type: 'Doctor', id: 'LIST' }],
    }),
  }),
});

export const { useModerateReviewMutation } = moderateReviewApi;
