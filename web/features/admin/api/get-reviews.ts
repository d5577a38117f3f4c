// POST /api/admin/reviews: a page of pet owners' reviews in one state, for moderation (docs/product.md section 13).
import type { AdminReviewsAnswer as ModerationListAnswer } from '../../../../shared/schemas/review';
import type { ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';
import { api } from '../../../lib/api';

const getReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminReviews: build.query<ModerationListAnswer, { state: ReviewState; page: number; pageSize: number }>({
      // Not silent: a failure shows the API client's toast and the list stays empty.
      query: (body) => ({ url: '/admin/reviews', body }),
      providesTags: ['AdminReviews'],
    }),
  }),
});

export const { useAdminReviewsQuery } = getReviewsApi;
