// Fastify construction options shared by the process (server.ts) and the test helper.
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

export function fastifyOptions(config: Config, logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    ajv: {
      // NOTE: unknown fields are refused (schemas say additionalProperties: false), never silently dropped,
      // and types are not coerced: "12" is not a number (docs/product.md, The API).
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false, verbose: true, keywords: ['errorMessage'] },
      // NOTE: `verbose` gives each issue the schema it failed, so errors.ts can use the field's `title` and
      // `errorMessage` (a keyword of ours, not AJV's) to answer a plain sentence.
    },
  };
}
