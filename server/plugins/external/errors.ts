// One error handler: every refusal is `{ message, code }` with the right status; an unexpected
// error answers 500 with only a request id, which the log line carries too. Nothing internal leaks.
// A schema failure answers a plain sentence and the `field` it is about (validation-messages.ts).
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { describeIssue, pickIssue, type ValidationIssue } from './validation-messages';

export default fp(
  async (fastify) => {
    // A POST sent without a body (none at all, or an empty one labelled application/json) reads as
    // `{}`: the calls whose body is "none" (profile-submit, send-verification-email, payment/cancel)
    // and those with only optional fields answer as for `{}`, and a call with required fields names
    // the first one missing (docs/product.md, The API). Fastify's own JSON parser (with its
    // prototype-poisoning checks) reads every body that is not empty.
    const parseJson = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });
    fastify.addHook('preValidation', async (request) => {
      if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    });
    fastify.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[]; validationContext?: string }, request, reply) => {
      // drizzle wraps what the database client throws (the embedded database's 503 when a statement
      // ran over its time limit, server/db/pglite-worker.ts) in its own error, as the cause.
      const refusal = error instanceof HttpError ? error : error.cause instanceof HttpError ? error.cause : undefined;
      if (refusal) {
        retryAfterHeader(reply, refusal.extra.retryAfter);
        return reply.status(refusal.statusCode).send({ message: refusal.message, code: refusal.code, ...refusal.extra });
      }
      if (error.validation) {
        const { message, field } = describeIssue(pickIssue(error.validation), error.validationContext);
        return reply.status(400).send({ message, code: 'VALIDATION_ERROR', field });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
        retryAfterHeader(reply, retryAfter);
        return reply.status(429).send({ message: error.message, code: 'RATE_LIMITED', ...(typeof retryAfter === 'number' ? { retryAfter } : {}) });
      }
      if (status >= 400 && status < 500) {
        const known: Record<string, [string, string]> = {
          FST_ERR_CTP_INVALID_JSON_BODY: ['The request body is not valid JSON.', 'INVALID_JSON'],
          FST_ERR_CTP_EMPTY_JSON_BODY: ['The request body is empty; send a JSON object.', 'INVALID_JSON'],
          FST_ERR_CTP_BODY_TOO_LARGE: ['The request body is too large.', 'BODY_TOO_LARGE'],
          FST_ERR_CTP_INVALID_MEDIA_TYPE: ['Send the request body as application/json.', 'UNSUPPORTED_MEDIA_TYPE'],
        };
        const [message, code] = known[error.code] ?? [status === 400 ? 'The request is not valid.' : error.message, 'BAD_REQUEST'];
        if (error instanceof SyntaxError) return reply.status(400).send({ message: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
        return reply.status(status).send({ message, code });
      }
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
      return reply.status(500).send({ message: 'Something went wrong. Please try again later.', code: 'INTERNAL_ERROR', requestId: request.id });
    });
  },
  { name: 'errors' },
);

/** A refusal that knows how long to wait also says so in the standard header (seconds), for programs and proxies. */
function retryAfterHeader(reply: FastifyReply, seconds: unknown): void {
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) reply.header('retry-after', String(Math.ceil(seconds)));
}
