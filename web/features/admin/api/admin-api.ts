// The administration calls (decisions.md section 10) as RTK Query endpoints: reads of the account
// list, one account, the activity log and subscribers; actions that refresh what they change.
import type {
  AdminUserDetail,
  AdminUsersAnswer,
  AdminUsersBody,
  AuditLogAnswer,
  AuditLogBody,
  BulkAnswer,
  SubscribersAnswer,
  SubscribersBody,
} from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

export type UsersQuery = Partial<AdminUsersBody> & { page: number; pageSize: number };
export type ActivityQuery = Partial<AuditLogBody> & { page: number; pageSize: number };
export type SubscribersQuery = Partial<SubscribersBody> & { page: number; pageSize: number };

const adminApi = api.enhanceEndpoints({ addTagTypes: ['AdminUser', 'AdminActivity', 'AdminSubscribers'] }).injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUsersAnswer, UsersQuery>({
      query: (body) => ({ url: '/admin/users', body }),
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    adminUser: build.query<AdminUserDetail, number>({
      query: (user_id) => ({ url: '/admin/user', body: { user_id } }),
      providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }],
    }),
    auditLog: build.query<AuditLogAnswer, ActivityQuery>({
      query: (body) => ({ url: '/admin/audit-log', body }),
      providesTags: ['AdminActivity'],
    }),
    subscribers: build.query<SubscribersAnswer, SubscribersQuery>({
      query: (body) => ({ url: '/admin/subscribers', body }),
      providesTags: ['AdminSubscribers'],
    }),
    /** One action on one account: verify-email, suspend, reactivate, set-role, delete-user, review-profile. */
    adminAction: build.mutation<unknown, { verb: string; body: Record<string, unknown> & { user_id: number } }>({
      query: ({ verb, body }) => ({ url: `/admin/${verb}`, body }),
      invalidatesTags: (_r, _e, { body }) => [{ type: 'AdminUser', id: 'LIST' }, { type: 'AdminUser', id: body.user_id }, 'AdminActivity'],
    }),
    bulkAction: build.mutation<BulkAnswer, { action: 'approve' | 'suspend'; user_ids: number[] }>({
      query: (body) => ({ url: '/admin/bulk', body }),
      invalidatesTags: ['AdminUser', 'AdminActivity'],
    }),
  }),
});

export const { useAdminUsersQuery, useAdminUserQuery, useAuditLogQuery, useSubscribersQuery, useAdminActionMutation, useBulkActionMutation } = adminApi;
