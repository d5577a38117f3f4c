// The public doctor calls: search, a listed page, the contact form and click events.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import doctors from './doctors';
import doctorFeatures from './plan-features';
import suggest from './suggest';

export default async function doctorRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(doctors, { prefix: '/api/doctors' });
  await fastify.register(doctorFeatures, { prefix: '/api/doctors' });
  await fastify.register(suggest, { prefix: '/api/doctors' });
}
