// GET /api/payment/plans: the plans and which provider takes the payments ('sandbox' means no card is charged).
import type { PlansAnswer } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';
import type { Dispatch, FirstScreen } from '../../../lib/first-screen';

const getPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<PlansAnswer, void>({
      // Silent: the page shows the plans from shared/constants/plans.ts either way.
      query: () => ({ url: '/payment/plans', method: 'GET', silent: true }),
    }),
  }),
});

export const { useGetPlansQuery } = getPlansApi;

/** Puts the plans answer /services embedded into the cache, so the test-mode notice shows with the first screen. */
export function seedPlans(dispatch: Dispatch, screen: FirstScreen | undefined) {
  const plans = screen?.data.plans;
  if (plans) dispatch(getPlansApi.util.upsertQueryEntries([{ endpointName: 'getPlans', arg: undefined, value: plans }]));
}
