// Stripe's signed events at /api/payment/webhook (docs/product.md, Plans and payment). The signature covers
// the exact bytes Stripe sent, so this route (and only this one) keeps the raw body. A replayed
// event finds its id in processed_events and changes nothing; a forged one fails the signature.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type Stripe from 'stripe';
import { ErrorSchema } from '../../../../shared/schemas/user';
import { httpError } from '../../../lib/http-error';
import { idOf, subscriptionPeriodEnd } from '../../../payments/stripe-objects';
import { applySubscriptionChange, confirmCheckout, eventSeen } from '../../../payments/subscriptions';

/** The event types that change a plan; every other type is answered 'ignored'. */
const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

const WebhookAnswer = Type.Object({ received: Type.Boolean(), outcome: Type.String() });

/** Registered in its own encapsulated context: the raw-body parser must not reach other routes. */
export default async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const { db } = fastify.database;
  // The signature is over the raw bytes: this context replaces the app's JSON parser (errors.ts) with one that keeps them.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  fastify.post('/webhook', {
    schema: {
      tags: ['payment'],
      summary: "Stripe's signed events (checkout completed, subscription updated or deleted)",
      response: { 200: WebhookAnswer, 400: ErrorSchema, 404: ErrorSchema },
    },
    handler: async (request) => {
      const stripe = fastify.payments.stripe;
      if (!stripe) throw httpError(404, 'NOT_FOUND', 'Stripe is not configured on this server.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw httpError(400, 'BAD_SIGNATURE', 'The Stripe-Signature header is missing.');
      if (!Buffer.isBuffer(request.body)) throw httpError(400, 'BAD_SIGNATURE', 'Send the event as application/json.');
      let event: Stripe.Event;
      try {
        event = stripe.client.webhooks.constructEvent(request.body, signature, stripe.webhookSecret);
      } catch {
        throw httpError(400, 'BAD_SIGNATURE', 'The webhook signature is not valid.');
      }
      // A correctly signed body is still only what the sender wrote: the fields read below must be there.
      const object = (event as { data?: { object?: unknown } | null }).data?.object;
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw httpError(400, 'BAD_EVENT', 'The event has no id or type.');
      if (typeof object !== 'object' || object === null || Array.isArray(object)) throw httpError(400, 'BAD_EVENT', 'The event has no data.object.');
      if (HANDLED.has(event.type) && typeof (object as { id?: unknown }).id !== 'string')
        throw httpError(400, 'BAD_EVENT', 'The event has no data.object with an id.');
      if (await eventSeen(db, event.id)) return { received: true, outcome: 'duplicate' };

      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          // An asynchronous payment method confirms later with async_payment_succeeded.
          if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { received: true, outcome: 'pending' };
          const subscriptionId = idOf(session.subscription);
          const periodEnd = subscriptionId ? subscriptionPeriodEnd(await stripe.client.subscriptions.retrieve(subscriptionId)) : null;
          const result = await confirmCheckout(db, fastify.changes, {
            eventId: event.id,
            eventType: event.type,
            provider: 'stripe',
            sessionId: session.id,
            customerId: idOf(session.customer),
            subscriptionId,
            currentPeriodEnd: periodEnd,
          });
          if (result.outcome === 'applied' && result.replacedSubscriptionId) {
            // The new plan replaced the old one: stop billing the old subscription.
            await fastify.payments
              .providerFor('stripe')
              ?.endReplacedSubscription(result.replacedSubscriptionId)
              .catch((error: unknown) =>
                request.log.error({ err: error, subscription: result.replacedSubscriptionId }, 'could not cancel a replaced subscription'),
              );
          }
          return { received: true, outcome: result.outcome };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const subscription = event.data.object;
          const outcome = await applySubscriptionChange(db, fastify.changes, {
            eventId: event.id,
            eventType: event.type,
            provider: 'stripe',
            subscriptionId: subscription.id,
            providerStatus: subscription.status,
            cancelAtPeriodEnd: subscription.cancel_at_period_end,
            currentPeriodEnd: subscriptionPeriodEnd(subscription),
            ended: event.type === 'customer.subscription.deleted',
          });
          return { received: true, outcome };
        }
        default:
          return { received: true, outcome: 'ignored' };
      }
    },
  });
}
