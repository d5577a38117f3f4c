// What a paid plan gives the practice: photos, services, messages, statistics.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import planFeatures from './plan-features';

export default async function planFeatureRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(planFeatures, { prefix: '/api/user' });
}
