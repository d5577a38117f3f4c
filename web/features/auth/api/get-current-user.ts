// POST /api/user/login-with-token: the signed-in user, fresh from the server (after an administrator
// decided on the profile, or a provider confirmed a payment elsewhere). The answer replaces the stored
// user (docs/product.md, Client state and flows). The start-up restore stays a plain call of the API
// client so the first page carries no RTK Query (web/features/auth/auth-slice.ts).
import type { Session } from '../../../../shared/types/user';
import { api } from '../../../lib/api';
import { userReplaced } from '../auth-slice';

const getCurrentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query<Session, string>({
      // Silent: a page that asks again keeps the stored user when no answer comes.
      query: (token) => ({ url: '/user/login-with-token', body: { token }, silent: true }),
      providesTags: ['CurrentUser'],
      keepUnusedDataFor: 0,
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userReplaced(data.user));
        } catch {
          // No fresh user: the stored one stays.
        }
      },
    }),
  }),
});

export const { useCurrentUserQuery } = getCurrentUserApi;
