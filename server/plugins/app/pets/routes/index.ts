// An owner's saved pets.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import pets from './pets';

export default async function petRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(pets, { prefix: '/api/user' });
}
