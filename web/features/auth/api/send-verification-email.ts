// POST /api/user/send-verification-email: E-mails the signed-in user a new verification link; silent: the page decides what to show.
import { api } from '../../../lib/api';

const sendVerificationEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `next`: where the person was going; the e-mailed link carries it (docs/product.md section 26). */
    sendVerificationEmail: build.mutation<{ message: string }, { next?: string } | void>({
      query: (input) => ({ url: '/user/send-verification-email', body: input?.next ? { next: input.next } : {}, silent: true }),
    }),
  }),
});

export const { useSendVerificationEmailMutation } = sendVerificationEmailApi;
