// POST /api/admin/reviews: a page of pet owners' reviews in one state, for moderation (docs/product.md section 13).
import type { ModerationListAnswer, ReviewState } from '../../../../shared/types/reviews';
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
