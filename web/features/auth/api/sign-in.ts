// POST /api/user/login: Signs in: 200 a verified account, 201 one whose e-mail is not verified yet.
import type { Session } from '../../../../shared/types/user';
import { api, withStatus, type Answered } from '../../../lib/api';

const signInApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<Answered<Session>, { email: string; password: string }>({
      query: (body) => ({ url: '/user/login', body: body }),
      transformResponse: withStatus<Session>,
    }),
  }),
});

export const { useSignInMutation } = signInApi;
