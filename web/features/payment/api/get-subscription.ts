// POST /api/payment/subscription: the signed-in vet's plan as the payment provider last told us
// (docs/product.md, Plans and payment); it also names the customer for the payment state.
import type { SubscriptionAnswer } from '../../../../shared/schemas/payment';
import { api } from '../../../lib/api';
import { customerSet } from '../payment-slice';

const getSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscription: build.query<SubscriptionAnswer, void>({
      // Silent: the page falls back to the plan stored with the user.
      query: () => ({ url: '/payment/subscription', body: {}, silent: true }),
      providesTags: ['Subscription'],
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(customerSet({ email: data.email, customerId: data.customerId }));
        } catch {
          // Nothing to store.
        }
      },
    }),
  }),
});

export const { useSubscriptionQuery } = getSubscriptionApi;
