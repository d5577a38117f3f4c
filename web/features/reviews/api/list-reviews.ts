// POST /api/reviews/list: a practice's published reviews, a page at a time, with the average, count and histogram
// (docs/product.md section 13).
import type { ReviewListAnswer, ReviewListInput } from '../../../../shared/schemas/review';
import { api } from '../../../lib/api';

const listReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviews: build.query<ReviewListAnswer, ReviewListInput>({
      // Silent: the reviews section explains a failure in place.
      query: (body) => ({ url: '/reviews/list', body, silent: true }),
      providesTags: (_result, _error, { doctor_id }) => [{ type: 'Review', id: doctor_id }],
    }),
  }),
});

export const { useReviewsQuery } = listReviewsApi;
