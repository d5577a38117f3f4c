// What search engines read: robots.txt and the sitemaps.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import seo from './seo';

export default async function seoRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(seo);
}
