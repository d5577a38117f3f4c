// POST /api/user/settings/name: a new first and last name (docs/product.md section 25).
import type { AccountSettings, NameSettingsInput } from '../../../../shared/schemas/account-settings';
import { api } from '../../../lib/api';

const changeNameApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeName: build.mutation<{ message: string; settings: AccountSettings }, NameSettingsInput>({
      // Silent: the form shows the refusal beside what was typed, which it keeps.
      query: (body) => ({ url: '/user/settings/name', body, silent: true }),
      invalidatesTags: ['AccountSettings', 'CurrentUser'],
    }),
  }),
});

export const { useChangeNameMutation } = changeNameApi;
