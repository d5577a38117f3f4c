// POST /api/user/settings/email: asks to change the address; a link goes to the new one (docs/product.md section 25).
import type { AccountSettings, EmailSettingsInput } from '../../../../shared/schemas/account-settings';
import { api } from '../../../lib/api';

const changeEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeEmail: build.mutation<{ message: string; settings: AccountSettings }, EmailSettingsInput>({
      // Silent: the form shows the refusal beside what was typed, which it keeps.
      query: (body) => ({ url: '/user/settings/email', body, silent: true }),
      invalidatesTags: ['AccountSettings'],
    }),
  }),
});

export const { useChangeEmailMutation } = changeEmailApi;
