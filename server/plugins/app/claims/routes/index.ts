// Practice claims: the vet's claim and the administrators' decisions.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import claim from './claim';
import adminClaims from './admin-claims';

export default async function claimRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(claim, { prefix: '/api/doctors' });
  await fastify.register(adminClaims, { prefix: '/api/admin' });
}
