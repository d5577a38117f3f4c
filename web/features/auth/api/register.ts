// POST /api/user/register: Creates an account: 200 the new session, 201/202 a sentence naming what is wrong.
import type { Session } from '../../../../shared/types/user';
import { api, withStatus, type Answered } from '../../../lib/api';

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  /** A pet owner's or a vet's account (docs/product.md section 13); the server takes 'vet' when it is left out. */
  account_type?: AccountType;
}

export type AccountType = 'owner' | 'vet';

const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Answered<Session | string>, RegisterInput>({
      query: (input) => ({ url: '/user/register', body: input }),
      transformResponse: withStatus<Session | string>,
    }),
  }),
});

export const { useRegisterMutation } = registerApi;
