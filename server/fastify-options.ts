// Fastify construction options shared by the process (server.ts) and the test helper: timeouts,
// proxy trust, request ids, validator formats and the redacting logger (docs/security.md).
import { randomUUID } from 'node:crypto';
import { LogController, type FastifyServerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import { isPersonName, SAFE_TEXT } from '../shared/lib/text-rules';
import type { Config } from './config';

/** Log paths never written (pino redact): credentials, tokens, codes and personal fields. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.resetToken',
  '*.verifyCode',
  '*.code_hash',
  '*.codeHash',
];

/**
 * Errors as logs see them: a database error keeps its SQL text and error code but never its
 * parameters (they hold hashes, e-mail addresses and tokens), nor the driver's `detail`, which
 * repeats values ("Key (email)=(...) already exists").
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & {
    code?: unknown;
    query?: unknown;
    params?: unknown;
    cause?: unknown;
    statusCode?: unknown;
    constraint?: unknown;
    table?: unknown;
  };
  const out: Record<string, unknown> = { type: e.name, message: e.message, stack: e.stack };
  if (e.query !== undefined || e.params !== undefined) {
    // drizzle's DrizzleQueryError puts the parameters into its message: rebuild it without them.
    out.message = typeof e.query === 'string' ? `Failed query: ${e.query}` : 'Failed query';
    out.stack = undefined;
  }
  for (const key of ['code', 'statusCode', 'constraint', 'table'] as const) if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  if (e.cause !== undefined && e.cause !== error) out.cause = serializeError(e.cause);
  return out;
}

export function loggerOptions(config: Config, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  };
}

/**
 * TRUST_PROXY as Fastify wants it. NOTE: Fastify 5 ignores a plain hop count (it fails closed), so a
 * count becomes proxy-addr's trust function: the socket peer and the next n-1 hops are proxies, the
 * address before them is the client. Use it only when the server is reachable through the proxies
 * alone; otherwise list the proxies' addresses (docs/security.md, row 7).
 */
export function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return trust === 0 ? false : (_address: string, hop: number) => hop < trust;
  return trust;
}

export function fastifyOptions(config: Config, logger: FastifyServerOptions['logger']): FastifyServerOptions {
  const { timeouts } = config;
  // NOTE: `http` (node's http.createServer options) exists at run time but only on Fastify's
  // HTTP/1 option type, hence the widened object.
  const options: FastifyServerOptions & { http: import('node:http').ServerOptions } = {
    logger,
    // One line per request, written by plugins/external/observability.ts (docs/product.md 23.2); the errors
    // plugin logs unexpected errors itself.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow clients cannot hold connections (docs/security.md, row 10): headers and the whole
    // request each have a deadline, checked every second, and idle sockets are closed.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    // NOTE: request ids are made by the server only; a client's X-Request-Id would let it choose
    // what logs carry (docs/security.md, row 13).
    genReqId: () => randomUUID(),
    ajv: {
      // NOTE: unknown fields are refused (schemas say additionalProperties: false), never silently dropped,
      // and types are not coerced: "12" is not a number (docs/product.md, The API).
      // NOTE: `verbose` gives each issue the schema it failed, so errors.ts can use the field's `title` and
      // `errorMessage` (a keyword of ours, not AJV's) to answer a plain sentence.
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: true,
        allErrors: false,
        verbose: true,
        keywords: ['errorMessage'],
        formats: { 'safe-text': SAFE_TEXT, 'person-name': { type: 'string', validate: isPersonName } },
      },
    },
  };
  return options;
}
