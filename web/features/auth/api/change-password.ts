// POST /api/user/change-password: Sets the new password after a checked code.
import { api } from '../../../lib/api';

const changePasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, { email: string; password: string }>({
      // Not silent: a refusal is the API client's toast; the form keeps what was typed.
      query: (body) => ({ url: '/user/change-password', body: body }),
    }),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;
