// POST /api/user/settings/notifications: the e-mail preferences (docs/product.md section 25).
import type { AccountSettings, NotificationSettings } from '../../../../shared/schemas/account-settings';
import { api } from '../../../lib/api';

const changeNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeNotifications: build.mutation<{ message: string; settings: AccountSettings }, NotificationSettings>({
      // Silent: the form shows the refusal in place.
      query: (body) => ({ url: '/user/settings/notifications', body, silent: true }),
      invalidatesTags: ['AccountSettings'],
    }),
  }),
});

export const { useChangeNotificationsMutation } = changeNotificationsApi;
