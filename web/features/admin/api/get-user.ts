// POST /api/admin/user: one account with its subscription, payments and history (the user drawer).
import type { AdminUserDetail } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

const getUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUser: build.query<AdminUserDetail, number>({
      query: (user_id) => ({ url: '/admin/user', body: { user_id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminUser', id }],
    }),
  }),
});

export const { useAdminUserQuery } = getUserApi;
