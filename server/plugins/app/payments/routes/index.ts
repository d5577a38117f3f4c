// Plans and payment: checkout, the subscription, the sandbox and the provider's webhook.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import payment from './payment';
import webhook from './webhook';

export default async function paymentRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(payment, { prefix: '/api/payment' });
  await fastify.register(webhook, { prefix: '/api/payment' });
}
