// The administrators' backup download.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import backup from './backup';

export default async function backupRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(backup, { prefix: '/api/admin' });
}
