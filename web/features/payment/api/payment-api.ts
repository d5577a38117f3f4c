// The payment calls of docs/product.md, Plans and payment, one function each, over the one API client.
import type { PlanPeriod } from '../../../../shared/constants/plans';
import type {
  CancelAnswer,
  CheckoutAnswer,
  SandboxDeclineAnswer,
  SandboxPayAnswer,
  SandboxSessionAnswer,
  SubscriptionAnswer,
} from '../../../../shared/schemas/payment';
import type { Session } from '../../../../shared/types/user';
import { api } from '../../../lib/api-client';

export const paymentApi = {
  checkout: (plan: number, period: PlanPeriod) => api.post<CheckoutAnswer>('/payment/checkout', { plan, period }),
  cancel: () => api.post<CancelAnswer>('/payment/cancel', {}),
  subscription: () => api.post<SubscriptionAnswer>('/payment/subscription', {}, { silent: true }),
  sandboxSession: (id: string) => api.post<SandboxSessionAnswer>('/payment/sandbox/session', { id }, { silent: true }),
  sandboxPay: (id: string) => api.post<SandboxPayAnswer>('/payment/sandbox/pay', { id }),
  /** Answers the declined-card sentence, which the checkout page shows. */
  sandboxDecline: (id: string) => api.post<SandboxDeclineAnswer>('/payment/sandbox/decline', { id }),
  /** The stored user again, after a provider confirmed a payment elsewhere (Stripe's return). */
  reloadUser: (token: string) => api.post<Session>('/user/login-with-token', { token }, { silent: true }),
};
