// The payment provider of this server and the periodic expiry of ended plans. Stripe when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the built-in sandbox checkout.
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { SANDBOX_NOTICE } from '../../shared/constants/plans';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox-provider';
import { expireEndedPlans } from './subscriptions';

/** How often ended plans are marked expired; reads never wait for it (see expireEndedPlans). */
const EXPIRY_SWEEP_MS = 5 * 60 * 1000;

export interface Payments {
  /** The provider new checkouts go to. */
  checkout: PaymentProvider;
  /** The provider that holds an existing plan (by payments.provider). */
  providerFor(name: string): PaymentProvider | undefined;
  /** Set only with Stripe configured: the client and the webhook signing secret. */
  stripe: { client: Stripe; webhookSecret: string } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export default fp(
  async (fastify) => {
    const { config } = fastify;
    const sandbox = createSandboxProvider();
    // NOTE: the stripe package is large; a server on the sandbox never loads it.
    const stripeModule = config.stripe ? await import('./stripe-provider') : undefined;
    const client = stripeModule && config.stripe ? stripeModule.createStripeClient(config.stripe) : undefined;
    const stripeProvider = stripeModule && client ? stripeModule.createStripeProvider(client, config.publicUrl) : undefined;
    // An operator must not mistake the sandbox for real payments (docs/product.md, Plans and payment).
    if (!stripeProvider) fastify.log.warn(`${SANDBOX_NOTICE} Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.`);
    fastify.decorate('payments', {
      checkout: stripeProvider ?? sandbox,
      providerFor: (name: string) => (name === 'stripe' ? stripeProvider : name === 'sandbox' ? sandbox : undefined),
      stripe: client && config.stripe ? { client, webhookSecret: config.stripe.webhookSecret } : undefined,
    } satisfies Payments);

    if (config.nodeEnv === 'test') return;
    const sweep = () => {
      expireEndedPlans(fastify.database.db, fastify.changes)
        .then((count) => count > 0 && fastify.log.info({ count }, 'ended plans marked expired'))
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'plan expiry sweep failed'));
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, EXPIRY_SWEEP_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'payments', dependencies: ['database', 'listing'] },
);
