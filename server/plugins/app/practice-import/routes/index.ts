// The administrators' practice import.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import practiceImport from './import';

export default async function practiceImportRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(practiceImport, { prefix: '/api/admin' });
}
