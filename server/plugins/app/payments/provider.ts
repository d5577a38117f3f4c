// The one payment-provider interface (docs/product.md, Plans and payment). Two implementations: the built-in
// sandbox checkout (default) and Stripe Checkout (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET).
// A provider only talks to the outside; what a confirmation changes lives in ./subscriptions.ts.
import type { Plan, PlanPeriod } from '../../../../shared/constants/plans';
import type { payments } from '../../../db/schema';
import type { UserRow } from '../users/index';

export type PaymentRow = typeof payments.$inferSelect;
export type ProviderName = 'sandbox' | 'stripe';

export interface CheckoutRequest {
  user: UserRow;
  plan: Plan;
  period: PlanPeriod;
  amountCents: number;
  /** The account's customer at the provider (made once by createCustomer); null where the provider keeps none. */
  customerId: string | null;
  /** Where the vet was going (a checked same-site path): a hosted checkout returns to /services with it. */
  next?: string | undefined;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Makes the provider's customer for an account; absent where the provider keeps none (the sandbox). */
  createCustomer?(user: UserRow): Promise<string>;
  /** Removes a customer that lost the race to be the account's (see startCheckout in ./subscriptions.ts). */
  deleteCustomer?(customerId: string): Promise<void>;
  /** Opens a checkout; answers its id (the checkout_sessions key) and the page the browser goes to. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The page of a checkout opened earlier while the provider still takes payment there; null once it is paid or expired. */
  openCheckoutUrl(id: string): Promise<string | null>;
  /** Asks the provider to end the subscription when its period ends; answers the period end it confirms. */
  cancelAtPeriodEnd(payment: PaymentRow): Promise<{ currentPeriodEnd: Date | null }>;
  /** Stops billing an older subscription once a newer checkout replaced its plan. */
  endReplacedSubscription(subscriptionId: string): Promise<void>;
}

/** The end of a period that starts at `from` (calendar month or year, in UTC). */
export function addPeriod(from: Date, period: PlanPeriod): Date {
  const end = new Date(from);
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
