// POST /api/user/settings/email/confirm: the link sent to the new address completes the change (docs/product.md section 25).
import { api } from '../../../lib/api';

const confirmEmailChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmEmailChange: build.mutation<{ message: string; email: string }, string>({
      // Silent: the page shows the server's sentence.
      query: (token) => ({ url: '/user/settings/email/confirm', body: { token }, silent: true }),
      invalidatesTags: ['AccountSettings', 'CurrentUser'],
    }),
  }),
});

export const { useConfirmEmailChangeMutation } = confirmEmailChangeApi;
