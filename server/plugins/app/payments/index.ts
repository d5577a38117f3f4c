// The payments area as one plugin (decision record 098): `fastify.payments` with the database, the
// counters, the change announcer and the clock bound. The provider of this server (Stripe when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the built-in sandbox checkout; one
// interface, provider.ts), what a provider's confirmation changes (subscriptions.ts, stripe-events.ts)
// and the periodic expiry of ended plans. Routes import from this area only this file.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { SANDBOX_NOTICE, planById, type PlanPeriod } from '../../../../shared/constants/plans';
import type { PlansAnswer, SandboxSessionAnswer, SubscriptionAnswer } from '../../../../shared/schemas/payment';
import { domainError } from '../../../lib/domain-error';
import { activePlan } from '../listing/listing-rule';
import type { UserRow } from '../users/index';
import { plansAnswer } from './plans-answer';
import type { PaymentProvider, PaymentRow } from './provider';
import { createSandboxProvider, sandboxEventId } from './sandbox-provider';
import { receiveStripeEvent } from './stripe-events';
import {
  PAYMENT_MESSAGES,
  cancelPlan,
  checkoutState,
  confirmCheckout,
  expireEndedPlans,
  findOwnCheckout,
  findPayment,
  startCheckout,
  type CheckoutSessionRow,
} from './subscriptions';

export { PAYMENT_MESSAGES };

/** How often ended plans are marked expired; reads never wait for it (see expireEndedPlans). */
const EXPIRY_SWEEP_MS = 5 * 60 * 1000;

interface Providers {
  /** The provider new checkouts go to. */
  checkout: PaymentProvider;
  /** The provider that holds an existing plan (by payments.provider). */
  providerFor(name: string): PaymentProvider | undefined;
  /** Set only with Stripe configured: the client and the webhook signing secret. */
  stripe: { client: Stripe; webhookSecret: string } | undefined;
}

function paymentsOf(fastify: FastifyInstance, providers: Providers) {
  const { db } = fastify.database;
  const { changes, clock, counters } = fastify;
  // Only what identifies the failure: a provider's error object may carry request details.
  const logProviderError = (error: unknown) => {
    const e = (error ?? {}) as { message?: unknown; type?: unknown; code?: unknown; statusCode?: unknown; requestId?: unknown };
    fastify.log.error(
      { provider: { message: e.message, type: e.type, code: e.code, statusCode: e.statusCode, requestId: e.requestId } },
      'payment provider call failed',
    );
  };

  /** A sandbox checkout of this user's (the test checkout page, /checkout/{id}); 404 for anyone else's. */
  const sandboxSession = async (id: string, userId: number): Promise<CheckoutSessionRow> => {
    if (providers.checkout.name !== 'sandbox') throw domainError(404, 'NOT_FOUND', 'The test checkout is turned off on this server.');
    return findOwnCheckout(db, id, userId, 'sandbox');
  };
  /** The same, still open for payment (409 when paid, 410 when expired). */
  const openSandboxSession = async (id: string, userId: number): Promise<CheckoutSessionRow> => {
    const session = await sandboxSession(id, userId);
    const state = checkoutState(session, clock.now());
    if (state === 'complete') throw domainError(409, 'ALREADY_PAID', PAYMENT_MESSAGES.checkoutPaid);
    if (state === 'expired') throw domainError(410, 'CHECKOUT_EXPIRED', PAYMENT_MESSAGES.checkoutExpired);
    return session;
  };

  return {
    ...providers,
    /** The plans with their prices, and whether payments are real (also embedded in /services). */
    plans: (): PlansAnswer => plansAnswer(providers.checkout.name),
    /** Opens the provider's checkout for a plan; the plan changes only when the provider confirms. */
    startCheckout: (user: UserRow, planId: number, period: PlanPeriod, next?: string) =>
      startCheckout(db, providers.checkout, counters, { user, planId, period, next }, logProviderError, clock.now()),
    /** Ends the plan at the end of its paid period. */
    cancel: (user: UserRow): Promise<PaymentRow> => cancelPlan(db, changes, providers.providerFor, user, logProviderError, clock.now()),
    /** A vet's plan in force as /services shows it. */
    subscription: async (userId: number): Promise<SubscriptionAnswer> => {
      const payment = await findPayment(db, userId);
      const plan = activePlan(payment, clock.now());
      return {
        plan,
        plan_name: planById(plan)?.name ?? null,
        status: plan > 0 ? payment!.status : payment && payment.plan > 0 ? 'expired' : 'none',
        period: plan > 0 ? (payment!.period ?? null) : null,
        current_period_end: plan > 0 ? (payment!.currentPeriodEnd?.toISOString() ?? null) : null,
        provider: payment?.provider ?? null,
        email: payment?.email ?? '',
        customerId: payment?.customerId ?? '',
      };
    },
    sandbox: {
      /** What the test checkout page shows. */
      session: async (id: string, user: UserRow): Promise<SandboxSessionAnswer> => {
        const session = await sandboxSession(id, user.id);
        return {
          id: session.id,
          plan: session.plan,
          plan_name: planById(session.plan)?.name ?? `Plan ${session.plan}`,
          period: session.period,
          amount_cents: session.amountCents,
          currency: 'usd' as const,
          status: checkoutState(session, clock.now()),
          email: user.email,
        };
      },
      /** 'Pay': the server confirms the session exactly as a provider's webhook would. */
      pay: async (id: string, userId: number): Promise<void> => {
        const session = await openSandboxSession(id, userId);
        const result = await confirmCheckout(
          db,
          changes,
          { eventId: sandboxEventId(session.id), eventType: 'checkout.session.completed', provider: 'sandbox', sessionId: session.id },
          clock.now(),
        );
        if (result.outcome !== 'applied') throw domainError(409, 'ALREADY_PAID', PAYMENT_MESSAGES.checkoutPaid);
      },
      /** 'Decline': nothing changes; the session stays open (its refusals as for paying). */
      decline: async (id: string, userId: number): Promise<void> => {
        await openSandboxSession(id, userId);
      },
    },
    /** A Stripe webhook call: its raw body and Stripe-Signature header. */
    receiveStripeEvent: (body: unknown, signature: string | string[] | undefined, log: FastifyBaseLogger) =>
      receiveStripeEvent(
        { db, announcer: changes, stripe: providers.stripe, provider: providers.providerFor('stripe'), now: () => clock.now() },
        body,
        signature,
        log,
      ),
    /** Marks plans whose paid period has ended as expired; answers how many. */
    expireEndedPlans: () => expireEndedPlans(db, changes, clock.now()),
  };
}

export type Payments = ReturnType<typeof paymentsOf>;

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
    const payments = paymentsOf(fastify, {
      checkout: stripeProvider ?? sandbox,
      providerFor: (name: string) => (name === 'stripe' ? stripeProvider : name === 'sandbox' ? sandbox : undefined),
      stripe: client && config.stripe ? { client, webhookSecret: config.stripe.webhookSecret } : undefined,
    });
    fastify.decorate('payments', payments);

    if (config.nodeEnv === 'test') return;
    const sweep = () => {
      payments
        .expireEndedPlans()
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
  { name: 'payments', dependencies: ['database', 'listing', 'counters'] },
);

export { default as paymentRoutes } from './routes/index';
