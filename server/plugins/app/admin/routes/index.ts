// The administrators' user management, audit log and subscribers.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import users from './users';

export default async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(users, { prefix: '/api/admin' });
}
