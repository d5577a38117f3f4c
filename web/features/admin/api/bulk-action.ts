// POST /api/admin/bulk: approve or suspend several accounts at once; answers one result per account.
import type { BulkAnswer, BulkBody } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

const bulkActionApi = api.injectEndpoints({
  endpoints: (build) => ({
    bulkAction: build.mutation<BulkAnswer, BulkBody>({
      query: (body) => ({ url: '/admin/bulk', body }),
      invalidatesTags: ['AdminUser', 'AdminActivity', 'ReviewQueue', { type: 'Doctor', id: 'LIST' }],
    }),
  }),
});

export const { useBulkActionMutation } = bulkActionApi;
