// GET /api/payment/plans: the plans and which provider takes the payments ('sandbox' means no card is charged).
import type { PlansAnswer } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';

const getPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<PlansAnswer, void>({
      // Silent: the page shows the plans from shared/constants/plans.ts either way.
      query: () => ({ url: '/payment/plans', method: 'GET', silent: true }),
    }),
  }),
});

export const { useGetPlansQuery } = getPlansApi;

/** Puts a plans answer in the cache: the server's render (web/entry-server.tsx) and the browser's first one start from it. */
export function seedPlans(dispatch: (action: unknown) => unknown, plans: PlansAnswer) {
  dispatch(getPlansApi.util.upsertQueryEntries([{ endpointName: 'getPlans', arg: undefined, value: plans }]));
}
