// Security headers (helmet, CSP without inline script), a per-address rate limit on /api kept in
// memory or in Redis (REDIS_URL), and the shared Redis client.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set: shared counters for several app servers. */
    redis: Redis | undefined;
  }
}

export const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd writes its styles at run time (CSS-in-JS), so styles need 'unsafe-inline'.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

export default fp(
  async (fastify) => {
    const { config } = fastify;
    let redis: Redis | undefined;
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
      redis.on('error', (error) => fastify.log.warn({ err: error }, 'redis error'));
      fastify.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    fastify.decorate('redis', redis);

    await fastify.register(helmet, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });

    await fastify.register(rateLimit, {
      global: true,
      max: config.rateLimit.globalPerMinute,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: 'ad-rl-global:' } : {}),
      // Only the API is limited; static files and the app shell are not.
      allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/health'),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        code: 'RATE_LIMITED',
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
    });
  },
  { name: 'security', dependencies: ['database'] },
);
