// POST /api/user/reviews: the signed-in account's own reviews in every state, a page at a time, or its review of one
// practice (`doctor_id`; docs/product.md 13.2).
import type { OwnReviewsAnswer, OwnReviewsInput } from '../../../../shared/schemas/review';
import { api } from '../../../lib/api';

const ownReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownReviews: build.query<OwnReviewsAnswer, Partial<OwnReviewsInput>>({
      query: (body) => ({ url: '/user/reviews', body, silent: true }),
      providesTags: ['OwnReviews'],
    }),
  }),
});

export const { useOwnReviewsQuery } = ownReviewsApi;
