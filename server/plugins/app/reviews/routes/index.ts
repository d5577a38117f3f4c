// Owners' reviews: writing, the owner's list, replies, reports and moderation.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import reviews from './reviews';
import ownReviews from './own-reviews';
import moderation from './moderation';

export default async function reviewRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(reviews, { prefix: '/api/reviews' });
  await fastify.register(ownReviews, { prefix: '/api/user' });
  await fastify.register(moderation, { prefix: '/api/admin' });
}
