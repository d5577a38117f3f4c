// POST /api/admin/dashboard: the business dashboard's figures over 30, 90 or 365 days (docs/product.md section 24).
import type { DashboardAnswer, DashboardBody } from '../../../../shared/schemas/dashboard';
import { api } from '../../../lib/api';

const getDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardAnswer, DashboardBody>({
      // Not silent: a failure shows the API client's toast and the tab shows the sentence.
      query: (body) => ({ url: '/admin/dashboard', body }),
    }),
  }),
});

export const { useDashboardQuery } = getDashboardApi;
