// POST /api/admin/users: a page of accounts for Manage Users (docs/product.md, Administration).
import type { AdminUsersAnswer, AdminUsersBody } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

export type UsersQuery = Partial<AdminUsersBody> & { page: number; pageSize: number };

const getUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUsersAnswer, UsersQuery>({
      query: (body) => ({ url: '/admin/users', body }),
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
  }),
});

export const { useAdminUsersQuery } = getUsersApi;
