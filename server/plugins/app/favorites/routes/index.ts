// An owner's saved doctors.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import favorites from './favorites';

export default async function favoriteRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(favorites, { prefix: '/api/favorites' });
}
