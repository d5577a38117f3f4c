// GET /metrics (docs/product.md 23.2): Prometheus' text format, for `Authorization: Bearer METRICS_TOKEN`.
// Without METRICS_TOKEN the route does not exist (404, as any unknown address). The token is compared in
// constant time, on digests of equal length, so the answer's timing tells nothing about it (docs/security.md).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { domainError } from '../../lib/domain-error';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

export default async function metricsRoutes(fastify: FastifyInstance): Promise<void> {
  const token = fastify.config.metricsToken;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  fastify.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!crypto.timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw domainError(401, 'UNAUTHENTICATED', 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".');
    }
    const { registry } = fastify.metrics;
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
