// POST /api/reviews/create: a new review of a practice; the answer says whether it is published or held
// (docs/product.md section 13).
import type { UpdateReviewInput } from '../../../../shared/schemas/review';
import type { ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';

type ReviewInput = Omit<UpdateReviewInput, 'id'>;
import { api } from '../../../lib/api';
import { reviewsOf } from './tags';

const createReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    createReview: build.mutation<{ id: number; state: ReviewState }, ReviewInput & { doctor_id: number }>({
      // Silent: the form shows the refusal next to its fields and keeps the input.
      query: (body) => ({ url: '/reviews/create', body, silent: true }),
      invalidatesTags: (_result, error, { doctor_id }) => (error ? [] : [...reviewsOf(doctor_id)]),
    }),
  }),
});

export const { useCreateReviewMutation } = createReviewApi;
