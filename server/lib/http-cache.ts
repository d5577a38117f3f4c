// Public reads answer with Cache-Control and an ETag (docs/product.md, The API), so a CDN or the
// browser can reuse them; a matching If-None-Match gets 304 without a body.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak ETag for a serialised answer (one-shot hashing: no hash object per answer). */
export const weakEtag = (json: string) => `W/"${crypto.hash('sha1', json, 'base64url')}"`;

export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeSeconds = 60): T | FastifyReply {
  const etag = weakEtag(JSON.stringify(body));
  reply.header('ETag', etag).header('Cache-Control', `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 5}`);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return body;
}
