// POST /api/user/token-verification: The e-mailed verification link's token; the page explains a refusal in place (silent).
import type { Session } from '../../../../shared/types/user';
import { api, withStatus, type Answered } from '../../../lib/api';

const verifyTokenApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyToken: build.mutation<Answered<Session | string>, string>({
      query: (token) => ({ url: '/user/token-verification', body: { token }, silent: true }),
      transformResponse: withStatus<Session | string>,
    }),
  }),
});

export const { useVerifyTokenMutation } = verifyTokenApi;
