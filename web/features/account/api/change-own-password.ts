// POST /api/user/settings/password: a new password; the other sessions end and this one gets a fresh token (docs/product.md section 25).
import type { AccountSettings, PasswordSettingsInput } from '../../../../shared/schemas/account-settings';
import type { Session } from '../../../../shared/types/user';
import { api } from '../../../lib/api';

const changeOwnPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeOwnPassword: build.mutation<Session & { message: string; settings: AccountSettings }, PasswordSettingsInput>({
      // Silent: the form shows the refusal beside what was typed, which it keeps.
      query: (body) => ({ url: '/user/settings/password', body, silent: true }),
    }),
  }),
});

export const { useChangeOwnPasswordMutation } = changeOwnPasswordApi;
