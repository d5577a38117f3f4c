// Accounts: sign-up, sign-in, codes, the newsletter and the account settings.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import user from './user';
import newsletterCode from './newsletter-code';
import newsletter from './newsletter';
import settings from './settings';

export default async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(user, { prefix: '/api/user' });
  await fastify.register(newsletterCode, { prefix: '/api/user' });
  await fastify.register(newsletter, { prefix: '/api/newsletter' });
  await fastify.register(settings, { prefix: '/api/user' });
}
