// Security headers (helmet, CSP without inline script, HSTS only over HTTPS), a per-address rate
// limit on /api kept in memory or in Redis (REDIS_URL), the shared Redis client, and the refusal
// of NUL bytes anywhere in a request's fields (docs/security.md).
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { domainError } from '../../lib/domain-error';
import { countOf } from '../../../shared/lib/formats';

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
    imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

/**
 * The headers helmet sets for these options, worked out once. (@fastify/helmet builds helmet's
 * middleware, parsing every CSP directive again, on each request: a tenth of a search's CPU time.)
 * Every header helmet writes is the same for every request when no CSP nonces are used.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The path of a request, also for absolute-form request lines (`GET http://host/api/x HTTP/1.1`). */
export function requestPath(url: string): string {
  if (url.startsWith('/')) return url.split('?')[0] ?? '/';
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}

/** True when any string (key or value) in a parsed body, query or params holds a NUL byte. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return false; // a stream (uploads)
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

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

    // X-Frame-Options agrees with the CSP's frame-ancestors 'none'. HSTS is only meaningful (and
    // only allowed, RFC 6797 7.2) over HTTPS, so it is added below when the request came that way.
    const headers = securityHeaders({
      contentSecurityPolicy,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      strictTransportSecurity: false,
    });
    fastify.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });

    // NUL bytes end strings in PostgreSQL: refuse them in every field of every call, before any
    // handler sees them (text fields' own formats refuse other control characters).
    fastify.addHook('preValidation', async (request) => {
      if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
        throw domainError(400, 'VALIDATION_ERROR', 'The request contains a character that is not allowed (a NUL byte).');
      }
    });

    await fastify.register(rateLimit, {
      global: true,
      max: config.rateLimit.globalPerMinute,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rl-global:` } : {}),
      // Only the API is limited; static files and the app shell are not. NOTE: decided on the parsed
      // path, so an absolute-form request line cannot slip past (docs/security.md, row 4).
      allowList: (request) => {
        const pathname = requestPath(request.url);
        return !pathname.startsWith('/api/') || pathname.startsWith('/api/health');
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${countOf(Math.ceil(context.ttl / 1000), 'second')} and try again.`,
        code: 'RATE_LIMITED',
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
    });
  },
  { name: 'security', dependencies: ['database'] },
);
