// POST /api/payment/sandbox/session: the built-in test checkout's plan, price and state.
import type { SandboxSessionAnswer } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';

const getSandboxCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    sandboxCheckout: build.query<SandboxSessionAnswer, string>({
      // Silent: the page says why the checkout cannot be shown.
      query: (id) => ({ url: '/payment/sandbox/session', body: { id }, silent: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSandboxCheckoutQuery } = getSandboxCheckoutApi;
