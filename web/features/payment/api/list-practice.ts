// The call that turns a pet owner's account into a vet's, so it can choose a plan and list a practice
// (docs/product.md section 13). The answer carries the user, which replaces the stored one.
import type { User } from '../../../../shared/types/user';
import { api } from '../../../lib/api';

const listPracticeApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPractice: build.mutation<User, void>({
      query: () => ({ url: '/user/list-practice', body: {} }),
      // The user alone, or inside `{ user }` (as register and login answer it).
      transformResponse: (data: unknown): User => {
        const wrapped = (data as { user?: unknown }).user;
        return (wrapped && typeof wrapped === 'object' ? wrapped : data) as User;
      },
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const { useListPracticeMutation } = listPracticeApi;
