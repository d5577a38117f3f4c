// Reading Stripe's objects (types only: the `stripe` package itself loads only when Stripe is configured).
import type Stripe from 'stripe';

/** A subscription's current period end: on its items since API version 2025-03-31, on the subscription before. */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds = subscription.items?.data?.[0]?.current_period_end ?? legacy;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
