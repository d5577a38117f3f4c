// POST /api/admin/review-profile: approve a profile in review, or reject it with a reason; the vet is
// e-mailed (docs/product.md, Profile and review). The queue, the account and search follow.
import type { ReviewProfileAnswer } from '../../../../shared/schemas/admin';
import type { ReviewProfileInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';

const reviewProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    reviewProfile: build.mutation<ReviewProfileAnswer, ReviewProfileInput>({
      query: (body) => ({ url: '/admin/review-profile', body }),
      invalidatesTags: (_result, _error, { user_id }) => [
        'ReviewQueue',
        { type: 'AdminUser', id: 'LIST' },
        { type: 'AdminUser', id: user_id },
        'AdminActivity',
        { type: 'Doctor', id: 'LIST' },
        { type: 'Doctor', id: user_id },
      ],
    }),
  }),
});

export const { useReviewProfileMutation } = reviewProfileApi;
