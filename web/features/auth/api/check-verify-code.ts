// POST /api/user/check-verify-code: Checks the e-mailed password-reset code.
import { api } from '../../../lib/api';

const checkVerifyCodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkVerifyCode: build.mutation<{ message: string }, { email: string; verifyCode: number }>({
      // Not silent: a refusal is the API client's toast; the form keeps what was typed.
      query: (body) => ({ url: '/user/check-verify-code', body: body }),
    }),
  }),
});

export const { useCheckVerifyCodeMutation } = checkVerifyCodeApi;
