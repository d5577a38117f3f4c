// Stripe's signed events (docs/product.md, Plans and payment): the signature covers the exact bytes
// Stripe sent; a replayed event finds its id in processed_events and changes nothing; a forged one
// fails the signature. Only the event types that change a plan do anything.
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { domainError } from '../../../lib/domain-error';
import type { Announcer } from '../listing/changes';
import type { PaymentProvider } from './provider';
import { idOf, subscriptionPeriodEnd } from './stripe-objects';
import { applySubscriptionChange, confirmCheckout, eventSeen } from './subscriptions';

/** The event types that change a plan; every other type is answered 'ignored'. */
const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export interface StripeEventDeps {
  db: Db;
  announcer: Announcer;
  /** Set only with Stripe configured: the client and the webhook signing secret. */
  stripe: { client: Stripe; webhookSecret: string } | undefined;
  provider: PaymentProvider | undefined;
  now: () => Date;
}

/** Checks an event's signature and applies it once; answers what became of it. */
export async function receiveStripeEvent(
  deps: StripeEventDeps,
  body: unknown,
  signature: string | string[] | undefined,
  log: FastifyBaseLogger,
): Promise<{ received: true; outcome: string }> {
  const { db, announcer, stripe } = deps;
  if (!stripe) throw domainError(404, 'NOT_FOUND', 'Stripe is not configured on this server.');
  if (typeof signature !== 'string' || signature === '') throw domainError(400, 'BAD_SIGNATURE', 'The Stripe-Signature header is missing.');
  if (!Buffer.isBuffer(body)) throw domainError(400, 'BAD_SIGNATURE', 'Send the event as application/json.');
  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(body, signature, stripe.webhookSecret);
  } catch {
    throw domainError(400, 'BAD_SIGNATURE', 'The webhook signature is not valid.');
  }
  // A correctly signed body is still only what the sender wrote: the fields read below must be there.
  const object = (event as { data?: { object?: unknown } | null }).data?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string') throw domainError(400, 'BAD_EVENT', 'The event has no id or type.');
  if (typeof object !== 'object' || object === null || Array.isArray(object)) throw domainError(400, 'BAD_EVENT', 'The event has no data.object.');
  if (HANDLED.has(event.type) && typeof (object as { id?: unknown }).id !== 'string')
    throw domainError(400, 'BAD_EVENT', 'The event has no data.object with an id.');
  if (await eventSeen(db, event.id)) return { received: true, outcome: 'duplicate' };

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // An asynchronous payment method confirms later with async_payment_succeeded.
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return { received: true, outcome: 'pending' };
      const subscriptionId = idOf(session.subscription);
      const periodEnd = subscriptionId ? subscriptionPeriodEnd(await stripe.client.subscriptions.retrieve(subscriptionId)) : null;
      const result = await confirmCheckout(
        db,
        announcer,
        {
          eventId: event.id,
          eventType: event.type,
          provider: 'stripe',
          sessionId: session.id,
          customerId: idOf(session.customer),
          subscriptionId,
          currentPeriodEnd: periodEnd,
        },
        deps.now(),
      );
      if (result.outcome === 'applied' && result.replacedSubscriptionId) {
        // The new plan replaced the old one: stop billing the old subscription.
        await deps.provider
          ?.endReplacedSubscription(result.replacedSubscriptionId)
          .catch((error: unknown) => log.error({ err: error, subscription: result.replacedSubscriptionId }, 'could not cancel a replaced subscription'));
      }
      return { received: true, outcome: result.outcome };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const outcome = await applySubscriptionChange(
        db,
        announcer,
        {
          eventId: event.id,
          eventType: event.type,
          provider: 'stripe',
          subscriptionId: subscription.id,
          providerStatus: subscription.status,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          currentPeriodEnd: subscriptionPeriodEnd(subscription),
          ended: event.type === 'customer.subscription.deleted',
        },
        deps.now(),
      );
      return { received: true, outcome };
    }
    default:
      return { received: true, outcome: 'ignored' };
  }
}
