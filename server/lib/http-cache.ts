// Public reads answer with Cache-Control and an ETag (docs/product.md, The API): the browser may reuse an answer
// for its max-age, but a shared cache (a CDN, a proxy) must ask again every time (s-maxage=0, no
// stale-while-revalidate), so a suspended vet or an unpublished article leaves every cache at once; the question
// carries the ETag, and a matching If-None-Match gets 304 without a body (docs/decisions/088-no-stale-public-answers-in-shared-caches.md).
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lendJson, stringify } from './prewritten-json';

/** What a public read allows: the browser keeps it for maxAgeSeconds, a shared cache revalidates every time. */
const publicAnswerCacheControl = (maxAgeSeconds: number) => `public, max-age=${maxAgeSeconds}, s-maxage=0`;

/** A weak ETag for a serialised answer (one-shot hashing: no hash object per answer). */
export const weakEtag = (json: string | Buffer) => `W/"${crypto.hash('sha1', json, 'base64url')}"`;

export function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: unknown, maxAgeSeconds = 60): FastifyReply {
  return sendCachedAnswer(request, reply, cachedAnswer(body), maxAgeSeconds);
}

/** An answer serialised once, with its ETag: what the answer caches keep (answer-cache.ts). */
export interface CachedAnswer {
  /** The JSON text; the bytes of an answer sent once (answerOnce()). */
  readonly json: string | Buffer;
  /** Hashed on first use: only a GET's answer carries it. */
  readonly etag: string;
  /** For an answer whose bytes are lent (answerOnce()): told when the answer has gone out. */
  readonly sent?: () => void;
}

function withEtag(json: string | Buffer, sent?: () => void): CachedAnswer {
  let etag: string | undefined;
  return {
    json,
    sent,
    get etag() {
      return (etag ??= weakEtag(json));
    },
  };
}

/** An answer to keep and send any number of times. */
export function cachedAnswer(body: unknown): CachedAnswer {
  return withEtag(stringify(body));
}

/**
 * An answer sent once and never kept (the answer cache is off): one with a map box's markers is sent from a buffer
 * lent to it until it has gone out (prewritten-json.ts, docs/decisions/269-map-box-answers-sent-from-lent-buffers.md).
 */
export function answerOnce(body: unknown): CachedAnswer {
  const made = lendJson(body);
  return typeof made === 'string' ? withEtag(made) : withEtag(made.bytes, made.giveBack);
}

/**
 * Sends a cached answer as sendCacheable() sends a fresh one, reusing its serialisation and ETag. A POST's answer
 * (the web app's searches, a map box's 63 KB among them) carries no ETag: no browser or cache asks a POST again
 * with If-None-Match, so hashing it was work nobody used (docs/product.md 2.2, docs/decisions/256-no-etag-on-post-answers.md).
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, maxAgeSeconds: number): FastifyReply {
  // Lent bytes go back once the socket has taken all of them ('finish'); never before, or the next answer written
  // into them would reach this one's client. A response cut short leaves them to the garbage collector.
  if (answer.sent) reply.raw.once('finish', answer.sent);
  reply.header('Cache-Control', publicAnswerCacheControl(maxAgeSeconds));
  if (request.method === 'GET' || request.method === 'HEAD') {
    reply.header('ETag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  }
  // NOTE: a string with a JSON content type is sent as it is: the cached serialisation is reused.
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/** An onRequest hook: answers that carry tokens, codes or account data are never stored by a browser or a proxy. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}
