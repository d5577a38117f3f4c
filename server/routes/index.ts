// The operations routes no area owns, with their URL prefixes: liveness (GET /api/health), readiness
// (GET /api/ready; both may ask the database directly) and the Prometheus metrics (GET /metrics).
// Every other API route lives in its area (server/plugins/app/<area>/routes); routes/pages are the web pages.
import type { FastifyInstance } from 'fastify';
import healthRoutes from './api/health/index';
import readyRoutes from './api/ready/index';
import metricsRoutes from './metrics/index';

export default async function operationRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(healthRoutes, { prefix: '/api/health' });
  await fastify.register(readyRoutes, { prefix: '/api/ready' });
  await fastify.register(metricsRoutes);
}
