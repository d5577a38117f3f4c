// POST /api/payment/sandbox/pay: confirms the test checkout as a provider would; answers the stored
// user and where to go next. The plan, the listing and search change with it.
import type { SandboxPayAnswer } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';

const paySandboxCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    paySandboxCheckout: build.mutation<SandboxPayAnswer, string>({
      // Not silent: a refusal (e.g. already paid) is the API client's toast.
      query: (id) => ({ url: '/payment/sandbox/pay', body: { id } }),
      invalidatesTags: (result) => (result ? ['Subscription', { type: 'Doctor', id: 'LIST' }, { type: 'Doctor', id: result.user.id }] : []),
    }),
  }),
});

export const { usePaySandboxCheckoutMutation } = paySandboxCheckoutApi;
