// The practice profile and its approval by an administrator.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import profile from './profile';
import profileApproval from './profile-approval';

export default async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(profile, { prefix: '/api/user' });
  await fastify.register(profileApproval, { prefix: '/api/admin' });
}
