// Stored public files (avatars, photos, article images).
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import uploads from './uploads';

export default async function uploadRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(uploads, { prefix: '/uploads' });
}
