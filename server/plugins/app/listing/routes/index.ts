// The listing's public calls: places (a zip code's city, state and time zone for the vet's wizard).
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import places from './places';

export default async function listingRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(places, { prefix: '/api/places' });
}
