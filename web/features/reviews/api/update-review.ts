// POST /api/reviews/update: its author changes a review (docs/product.md section 13). `doctor_id` only names what
// becomes stale; it is not sent.
import type { UpdateReviewInput } from '../../../../shared/schemas/review';
import type { ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';

type ReviewInput = Omit<UpdateReviewInput, 'id'>;
import { api } from '../../../lib/api';
import { reviewsOf } from './tags';

const updateReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateReview: build.mutation<{ id: number; state: ReviewState }, ReviewInput & { id: number; doctor_id: number }>({
      // Silent: the form shows the refusal next to its fields and keeps the input.
      query: ({ doctor_id: _doctor, ...body }) => ({ url: '/reviews/update', body, silent: true }),
      invalidatesTags: (_result, error, { doctor_id }) => (error ? [] : [...reviewsOf(doctor_id)]),
    }),
  }),
});

export const { useUpdateReviewMutation } = updateReviewApi;
