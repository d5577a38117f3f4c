// The payment calls of docs/product.md, Plans and payment under /api/payment: plans (public, also GET),
// checkout and cancel (verified account), the signed-in vet's subscription, and the sandbox
// checkout page's calls. Stripe's webhook lives in ./webhook.ts (it needs the raw body).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
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
} from '../../../../../shared/schemas/payment';
import { errorResponses } from '../../../../../shared/schemas/common';
import { sendCacheable } from '../../../../lib/http-cache';
import { PAYMENT_MESSAGES } from '../subscriptions';
import { safeNextPath } from '../../../../../shared/lib/next-path';

const tags = ['payment'];
const refusals = errorResponses(400, 401, 403, 404, 409);

const paymentRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { payments } = fastify;

  for (const method of ['GET', 'POST'] as const) {
    fastify.route({
      method,
      url: '/plans',
      schema: {
        tags,
        summary: 'The plans with their monthly and yearly prices and what each unlocks',
        // POST takes no fields; an unknown one is refused as on every call (docs/product.md, The API).
        ...(method === 'POST' ? { body: EmptyBody } : {}),
        response: { 200: PlansAnswer, ...(method === 'POST' ? errorResponses(400) : {}) },
      },
      handler: async (request, reply) => sendCacheable(request, reply, payments.plans(), 300),
    });
  }

  fastify.post('/checkout', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary: "Opens the provider's checkout for a plan; answers where the browser goes next",
      body: CheckoutBody,
      response: { 200: CheckoutAnswer, ...refusals, ...errorResponses(429, 502) },
    },
    handler: async (request) => {
      // A `next` that is not a same-site path is dropped, as every page drops it (docs/product.md 26.8).
      const { url } = await payments.startCheckout(request.user, request.body.plan, request.body.period, safeNextPath(request.body.next));
      return { url };
    },
  });

  fastify.post('/cancel', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary: 'Ends the plan at the end of its paid period',
      body: EmptyBody,
      response: { 200: CancelAnswer, ...refusals, ...errorResponses(502) },
    },
    handler: async (request) => {
      const row = await payments.cancel(request.user);
      return { message: PAYMENT_MESSAGES.canceled(row.currentPeriodEnd), user: await fastify.users.present(request.user) };
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
    handler: (request) => payments.subscription(request.user.id),
  });

  // The sandbox checkout page (/checkout/{id}): only the session's owner sees or pays it.
  fastify.post('/sandbox/session', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary: 'A sandbox checkout of the signed-in user: plan, period and amount',
      body: SandboxSessionBody,
      response: { 200: SandboxSessionAnswer, ...refusals },
    },
    handler: (request) => payments.sandbox.session(request.body.id, request.user),
  });

  /** Paying and declining act on an open session: a paid one is refused with 409, an expired one with 410. */
  const onOpenSession = <A extends TSchema>(summary: string, answer: A) => ({
    preHandler: fastify.requireVerified,
    schema: { tags, summary, body: SandboxSessionBody, response: { 200: answer, ...refusals, ...errorResponses(410) } },
  });

  fastify.post('/sandbox/pay', {
    ...onOpenSession("Pays a sandbox checkout: the server confirms it as a provider's webhook would", SandboxPayAnswer),
    handler: async (request) => {
      await payments.sandbox.pay(request.body.id, request.user.id);
      return { url: '/services?checkout=success', user: await fastify.users.present(request.user) };
    },
  });

  fastify.post('/sandbox/decline', {
    ...onOpenSession('Declines a sandbox checkout as a declined card would; nothing changes', SandboxDeclineAnswer),
    // NOTE: a decline is the expected outcome of this test button, so it answers 200 (not Stripe's 402),
    // which the checkout page shows; the session stays open and can still be paid.
    handler: async (request) => {
      await payments.sandbox.decline(request.body.id, request.user.id);
      return { declined: true as const, code: 'CARD_DECLINED', message: PAYMENT_MESSAGES.cardDeclined };
    },
  });
};

export default paymentRoutes;
