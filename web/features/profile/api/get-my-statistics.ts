// POST /api/user/statistics: the signed-in vet's profile views and clicks per day over the last
// `days` days (docs/product.md, Plans and payment). Never kept once the panel closes.
import type { StatisticsDay } from '../../../../shared/schemas/plan-features';
import { api } from '../../../lib/api';

const getMyStatisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myStatistics: build.query<{ data: StatisticsDay[] }, number>({
      query: (days) => ({ url: '/user/statistics', body: { days }, silent: true }),
      providesTags: ['Statistics'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useMyStatisticsQuery } = getMyStatisticsApi;
