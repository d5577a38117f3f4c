// POST /api/payment/checkout: starts paying for a plan; answers where the browser goes next (the
// provider's hosted checkout, or the built-in sandbox checkout).
import type { CheckoutAnswer, CheckoutBody } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';

const startCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    startCheckout: build.mutation<CheckoutAnswer, CheckoutBody>({
      // Not silent: a refusal is the API client's toast with the server's sentence.
      query: (body) => ({ url: '/payment/checkout', body }),
    }),
  }),
});

export const { useStartCheckoutMutation } = startCheckoutApi;
