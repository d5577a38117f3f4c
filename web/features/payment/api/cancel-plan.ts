// POST /api/payment/cancel: the plan ends with the paid period; answers the sentence and the stored user.
import type { CancelAnswer } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';

const cancelPlanApi = api.injectEndpoints({
  endpoints: (build) => ({
    cancelPlan: build.mutation<CancelAnswer, void>({
      query: () => ({ url: '/payment/cancel', body: {} }),
      invalidatesTags: (result) => (result ? ['Subscription', { type: 'Doctor', id: 'LIST' }, { type: 'Doctor', id: result.user.id }] : []),
    }),
  }),
});

export const { useCancelPlanMutation } = cancelPlanApi;
