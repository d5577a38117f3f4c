// POST /api/admin/<verb>: one action on one account (verify-email, suspend, reactivate, set-role,
// delete-user, review-profile); it refreshes the account, the lists and the activity log.
import { api } from '../../../lib/api';

export interface UserAction {
  verb: 'verify-email' | 'suspend' | 'reactivate' | 'set-role' | 'delete-user' | 'review-profile';
  body: Record<string, unknown> & { user_id: number };
}

const actOnUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAction: build.mutation<unknown, UserAction>({
      query: ({ verb, body }) => ({ url: `/admin/${verb}`, body }),
      // A review decision or a suspension also changes who is listed in search.
      invalidatesTags: (_result, _error, { body }) => [
        { type: 'AdminUser', id: 'LIST' },
        { type: 'AdminUser', id: body.user_id },
        'AdminActivity',
        'ReviewQueue',
        { type: 'Doctor', id: 'LIST' },
        { type: 'Doctor', id: body.user_id },
      ],
    }),
  }),
});

export const { useAdminActionMutation } = actOnUserApi;
