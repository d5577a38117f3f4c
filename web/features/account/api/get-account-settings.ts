// POST /api/user/settings: the name, e-mail address (and one waiting for its link) and e-mail preferences (docs/product.md section 25).
import type { AccountSettings } from '../../../../shared/schemas/account-settings';
import { api } from '../../../lib/api';

const getAccountSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountSettings: build.query<AccountSettings, void>({
      // Silent: the page says in place what went wrong, with 'Try again'.
      query: () => ({ url: '/user/settings', body: {}, silent: true }),
      providesTags: ['AccountSettings'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useAccountSettingsQuery } = getAccountSettingsApi;
