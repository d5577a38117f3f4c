// POST /api/admin/review-queue: a page of profiles in one review state (docs/product.md, Profile and review).
import type { ReviewQueueAnswer } from '../../../../shared/schemas/admin';
import type { ReviewQueueInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';

const getReviewQueueApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviewQueue: build.query<ReviewQueueAnswer, ReviewQueueInput>({
      // Not silent: a failure shows the API client's toast and the list stays empty.
      query: (body) => ({ url: '/admin/review-queue', body }),
      providesTags: ['ReviewQueue'],
    }),
  }),
});

export const { useReviewQueueQuery } = getReviewQueueApi;
