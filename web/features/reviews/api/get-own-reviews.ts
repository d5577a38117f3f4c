// POST /api/user/reviews: the signed-in account's own reviews in every state (docs/product.md section 13).
import type { OwnReviewsAnswer } from '../../../../shared/schemas/review';
import { api } from '../../../lib/api';

const ownReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownReviews: build.query<OwnReviewsAnswer, { page: number; pageSize: number }>({
      query: (body) => ({ url: '/user/reviews', body, silent: true }),
      providesTags: ['OwnReviews'],
    }),
  }),
});

export const { useOwnReviewsQuery } = ownReviewsApi;
