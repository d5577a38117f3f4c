// POST /api/reviews/delete: its author deletes a review (docs/product.md section 13).
import { api } from '../../../lib/api';
import { reviewsOf } from './tags';

const deleteReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteReview: build.mutation<unknown, { id: number; doctor_id: number }>({
      query: ({ id }) => ({ url: '/reviews/delete', body: { id } }),
      invalidatesTags: (_result, error, { doctor_id }) => (error ? [] : [...reviewsOf(doctor_id)]),
    }),
  }),
});

export const { useDeleteReviewMutation } = deleteReviewApi;
