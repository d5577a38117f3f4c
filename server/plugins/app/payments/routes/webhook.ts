// Stripe's signed events at /api/payment/webhook (docs/product.md, Plans and payment). The signature covers
// the exact bytes Stripe sent, so this route (and only this one) keeps the raw body;
// `fastify.payments.receiveStripeEvent` (plugins/app/payments/stripe-events.ts) checks and applies it.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../../../../shared/schemas/common';

const WebhookAnswer = Type.Object({ received: Type.Boolean(), outcome: Type.String() });

/** Registered in its own encapsulated context: the raw-body parser must not reach other routes. */
export default async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  // The signature is over the raw bytes: this context replaces the app's JSON parser (errors.ts) with one that keeps them.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  fastify.post('/webhook', {
    schema: {
      tags: ['payment'],
      summary: "Stripe's signed events (checkout completed, subscription updated or deleted)",
      response: { 200: WebhookAnswer, ...errorResponses(400, 404) },
    },
    handler: (request) => fastify.payments.receiveStripeEvent(request.body, request.headers['stripe-signature'], request.log),
  });
}
