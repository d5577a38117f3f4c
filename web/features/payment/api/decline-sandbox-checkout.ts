// POST /api/payment/sandbox/decline: a declined card's answer; nothing changes, the page shows the sentence.
import type { SandboxDeclineAnswer } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';

const declineSandboxCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    declineSandboxCheckout: build.mutation<SandboxDeclineAnswer, string>({
      query: (id) => ({ url: '/payment/sandbox/decline', body: { id } }),
    }),
  }),
});

export const { useDeclineSandboxCheckoutMutation } = declineSandboxCheckoutApi;
