// The payment calls of docs/product.md, Plans and payment under /api/payment: plans (public, also GET),
// checkout and cancel (verified account), the signed-in vet's subscription, and the sandbox
// checkout page's calls. Stripe's webhook lives in ./webhook.ts (it needs the raw body).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { planById } from '../../../../shared/constants/plans';
import {
  CancelAnswer,
  CheckoutAnswer,
  CheckoutBody,
  EmptyBody,
  PlansAnswer,
  SandboxDeclineAnswer,
  SandboxPayAnswer,
  SandboxSessionAnswer,
  SandboxSessionBody,
  SubscriptionAnswer,
} from '../../../../shared/schemas/payment';
import { ErrorSchema } from '../../../../shared/schemas/user';
import { httpError } from '../../../lib/http-error';
import { sendCacheable } from '../../../lib/http-cache';
import { activePlan } from '../../../plugins/app/listing/listing-rule';
import { loadPresentedUser } from '../../../plugins/app/users/user-repository';
import { plansAnswer } from '../../../payments/plans-answer';
import { sandboxEventId } from '../../../payments/sandbox-provider';
import {
  PAYMENT_MESSAGES,
  cancelPlan,
  checkoutState,
  confirmCheckout,
  findOwnCheckout,
  findPayment,
  startCheckout,
  type CheckoutSessionRow,
} from '../../../payments/subscriptions';

const tags = ['payment'];
const refusals = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

const paymentRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify.database;
  // Only what identifies the failure: a provider's error object may carry request details.
  const logProviderError = (error: unknown) => {
    const e = (error ?? {}) as { message?: unknown; type?: unknown; code?: unknown; statusCode?: unknown; requestId?: unknown };
    fastify.log.error(
      { provider: { message: e.message, type: e.type, code: e.code, statusCode: e.statusCode, requestId: e.requestId } },
      'payment provider call failed',
    );
  };

  for (const method of ['GET', 'POST'] as const) {
    fastify.route({
      method,
      url: '/plans',
      schema: {
        tags,
        summary: 'The plans with their monthly and yearly prices and what each unlocks',
        // POST takes no fields; an unknown one is refused as on every call (docs/product.md, The API).
        ...(method === 'POST' ? { body: EmptyBody } : {}),
        response: { 200: PlansAnswer, ...(method === 'POST' ? { 400: ErrorSchema } : {}) },
      },
      handler: async (request, reply) => sendCacheable(request, reply, plansAnswer(fastify.payments.checkout.name), 300),
    });
  }

  fastify.post('/checkout', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary: "Opens the provider's checkout for a plan; answers where the browser goes next",
      body: CheckoutBody,
      response: { 200: CheckoutAnswer, ...refusals, 429: ErrorSchema, 502: ErrorSchema },
    },
    handler: async (request) => {
      const { body } = request;
      const { url } = await startCheckout(db, fastify.payments.checkout, fastify.counters, request.user, body.plan, body.period, logProviderError);
      return { url };
    },
  });

  fastify.post('/cancel', {
    preHandler: fastify.requireVerified,
    schema: { tags, summary: 'Ends the plan at the end of its paid period', body: EmptyBody, response: { 200: CancelAnswer, ...refusals, 502: ErrorSchema } },
    handler: async (request) => {
      const row = await cancelPlan(db, fastify.changes, fastify.payments.providerFor, request.user, logProviderError);
      return { message: PAYMENT_MESSAGES.canceled(row.currentPeriodEnd), user: await loadPresentedUser(db, request.user) };
    },
  });

  fastify.post('/subscription', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      summary: "The signed-in vet's plan, its period and the provider's customer",
      body: EmptyBody,
      response: { 200: SubscriptionAnswer, ...refusals },
    },
    handler: async (request) => {
      const payment = await findPayment(db, request.user.id);
      const plan = activePlan(payment);
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
  });

  // The sandbox checkout page (/checkout/{id}): only the session's owner sees or pays it.
  const sandboxSession = async (id: string, userId: number): Promise<CheckoutSessionRow> => {
    if (fastify.payments.checkout.name !== 'sandbox') throw httpError(404, 'NOT_FOUND', 'The test checkout is turned off on this server.');
    return findOwnCheckout(db, id, userId, 'sandbox');
  };
  const openSession = async (id: string, userId: number): Promise<CheckoutSessionRow> => {
    const session = await sandboxSession(id, userId);
    const state = checkoutState(session);
    if (state === 'complete') throw httpError(409, 'ALREADY_PAID', PAYMENT_MESSAGES.checkoutPaid);
    if (state === 'expired') throw httpError(410, 'CHECKOUT_EXPIRED', PAYMENT_MESSAGES.checkoutExpired);
    return session;
  };

  fastify.post('/sandbox/session', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary: 'A sandbox checkout of the signed-in user: plan, period and amount',
      body: SandboxSessionBody,
      response: { 200: SandboxSessionAnswer, ...refusals },
    },
    handler: async (request) => {
      const session = await sandboxSession(request.body.id, request.user.id);
      return {
        id: session.id,
        plan: session.plan,
        plan_name: planById(session.plan)?.name ?? `Plan ${session.plan}`,
        period: session.period,
        amount_cents: session.amountCents,
        currency: 'usd' as const,
        status: checkoutState(session),
        email: request.user.email,
      };
    },
  });

  fastify.post('/sandbox/pay', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary: "Pays a sandbox checkout: the server confirms it as a provider's webhook would",
      body: SandboxSessionBody,
      response: { 200: SandboxPayAnswer, ...refusals, 410: ErrorSchema },
    },
    handler: async (request) => {
      const session = await openSession(request.body.id, request.user.id);
      const result = await confirmCheckout(db, fastify.changes, {
        eventId: sandboxEventId(session.id),
        eventType: 'checkout.session.completed',
        provider: 'sandbox',
        sessionId: session.id,
      });
      if (result.outcome !== 'applied') throw httpError(409, 'ALREADY_PAID', PAYMENT_MESSAGES.checkoutPaid);
      return { url: '/services?checkout=success', user: await loadPresentedUser(db, request.user) };
    },
  });

  fastify.post('/sandbox/decline', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary: 'Declines a sandbox checkout as a declined card would; nothing changes',
      body: SandboxSessionBody,
      response: { 200: SandboxDeclineAnswer, ...refusals, 410: ErrorSchema },
    },
    // NOTE: a decline is the expected outcome of this test button, so it answers 200 (not Stripe's 402),
    // which the checkout page shows; the session stays open and can still be paid.
    handler: async (request) => {
      await openSession(request.body.id, request.user.id);
      return { declined: true as const, code: 'CARD_DECLINED', message: PAYMENT_MESSAGES.cardDeclined };
    },
  });
};

export default paymentRoutes;
