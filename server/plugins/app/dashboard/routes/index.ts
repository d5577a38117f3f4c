// The administrators' dashboard figures.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import dashboard from './dashboard';

export default async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(dashboard, { prefix: '/api/admin' });
}
