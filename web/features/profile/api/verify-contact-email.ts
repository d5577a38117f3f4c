// POST /api/user/verify-contact-email: confirms a contact e-mail with the token from its link; no session
// is needed (docs/product.md, 5.7).
import { api } from '../../../lib/api';

const verifyContactEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyContactEmail: build.mutation<{ message: string }, string>({
      // Silent: the page shows the refusal in place.
      query: (token) => ({ url: '/user/verify-contact-email', body: { token }, silent: true }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const { useVerifyContactEmailMutation } = verifyContactEmailApi;
