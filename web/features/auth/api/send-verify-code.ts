// POST /api/user/send-verify-code: E-mails a 6-digit code for a password reset.
import { api } from '../../../lib/api';

const sendVerifyCodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendVerifyCode: build.mutation<{ message: string }, string>({
      // Not silent: a refusal is the API client's toast; the form keeps what was typed.
      query: (email) => ({ url: '/user/send-verify-code', body: { email } }),
    }),
  }),
});

export const { useSendVerifyCodeMutation } = sendVerifyCodeApi;
