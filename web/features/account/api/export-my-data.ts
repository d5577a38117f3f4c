// POST /api/user/export: everything the account holds, as one JSON document (docs/product.md section 22).
import { api } from '../../../lib/api';

const exportMyDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportMyData: build.mutation<Record<string, unknown>, void>({
      // Silent: the page says in place what went wrong.
      query: () => ({ url: '/user/export', body: {}, silent: true }),
    }),
  }),
});

export const { useExportMyDataMutation } = exportMyDataApi;
