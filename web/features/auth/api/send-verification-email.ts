// POST /api/user/send-verification-email: E-mails the signed-in user a new verification link; silent: the page decides what to show.
import { api } from '../../../lib/api';

const sendVerificationEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendVerificationEmail: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/user/send-verification-email', body: {}, silent: true }),
    }),
  }),
});

export const { useSendVerificationEmailMutation } = sendVerificationEmailApi;
