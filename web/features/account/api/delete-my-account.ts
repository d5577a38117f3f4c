// POST /api/user/delete-account: deletes the account and its data at once after the password (docs/product.md section 22).
import type { DeleteAccountInput } from '../../../../shared/schemas/account-data';
import { api } from '../../../lib/api';

const deleteMyAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteMyAccount: build.mutation<{ message: string }, DeleteAccountInput>({
      // Silent: the dialog shows the refusal beside the password, which it keeps.
      query: (body) => ({ url: '/user/delete-account', body, silent: true }),
    }),
  }),
});

export const { useDeleteMyAccountMutation } = deleteMyAccountApi;
