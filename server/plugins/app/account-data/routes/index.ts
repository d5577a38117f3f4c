// An account's own data: export and deletion (docs/product.md, Your data).
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import accountData from './account-data';

export default async function accountDataRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(accountData, { prefix: '/api/user' });
}
