// Stripe Checkout through the official `stripe` package (docs/product.md, Plans and payment): a subscription
// checkout per plan and period, priced from shared/constants/plans.ts, confirmed only by Stripe's
// signed webhook (routes/webhook.ts). STRIPE_API_BASE points the client elsewhere
// (tests run a local server that speaks Stripe's API).
import Stripe from 'stripe';
import type { Config } from '../../../config';
import type { PaymentProvider } from './provider';
import { subscriptionPeriodEnd } from './stripe-objects';
import { pageUrl } from '../../../../shared/routes';

export type StripeConfig = NonNullable<Config['stripe']>;

export function createStripeClient(config: StripeConfig): Stripe {
  const base = new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

export function createStripeProvider(stripe: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    async createCustomer(user) {
      return (await stripe.customers.create({ email: user.email, name: `${user.firstName} ${user.lastName}`, metadata: { user_id: String(user.id) } })).id;
    },
    async deleteCustomer(customerId) {
      await stripe.customers.del(customerId);
    },
    async createCheckout({ user, plan, period, amountCents, customerId, next }) {
      // The return addresses are fixed when the session opens: they carry where the vet was going (docs/product.md 26.8).
      const onward: Record<string, string> = next ? { next } : {};
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        ...(customerId ? { customer: customerId } : { customer_email: user.email }),
        client_reference_id: String(user.id),
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: amountCents, recurring: { interval: period }, product_data: { name: `Animal Doctor ${plan.name}` } },
          },
        ],
        metadata: { user_id: String(user.id), plan: String(plan.id), period },
        subscription_data: { metadata: { user_id: String(user.id), plan: String(plan.id) } },
        success_url: pageUrl(publicUrl, 'services', { query: { checkout: 'success', ...onward } }),
        cancel_url: pageUrl(publicUrl, 'services', { query: onward }),
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async openCheckoutUrl(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      return session.status === 'open' && session.url ? session.url : null;
    },
    async cancelAtPeriodEnd(payment) {
      if (!payment.subscriptionId) return { currentPeriodEnd: payment.currentPeriodEnd };
      const subscription = await stripe.subscriptions.update(payment.subscriptionId, { cancel_at_period_end: true });
      return { currentPeriodEnd: subscriptionPeriodEnd(subscription) ?? payment.currentPeriodEnd };
    },
    async endReplacedSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
  };
}
