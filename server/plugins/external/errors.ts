// One error handler: every refusal is `{ message, code }` with the right status; an unexpected
// error answers 500 with only a request id, which the log line carries too. Nothing internal leaks.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError } from '../../lib/http-error';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** Turns an AJV issue into a sentence that names the field. */
function describeValidation(issue: ValidationIssue | undefined, context: string | undefined): string {
  if (!issue) return 'The request is not valid.';
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const where = context === 'body' ? '' : `${context ?? 'request'} `;
  switch (issue.keyword) {
    case 'required':
      return `${where}field '${String(issue.params?.missingProperty)}' is required.`.replace(/^./, (c) => c.toUpperCase());
    case 'format':
      if (issue.params?.format === 'person-name') return `Please enter a real name in '${path}': control characters, direction overrides and invisible-only names are not allowed.`;
      if (issue.params?.format === 'safe-text') return `Field '${path}' contains a control character that is not allowed.`;
      return `${where}field '${path || context || 'body'}' ${issue.message ?? 'is not valid'}.`.replace(/^./, (c) => c.toUpperCase());
    case 'additionalProperties':
      return `Unknown ${where}field '${String(issue.params?.additionalProperty)}'.`;
    default:
      return `${where}field '${path || context || 'body'}' ${issue.message ?? 'is not valid'}.`.replace(/^./, (c) => c.toUpperCase());
  }
}

export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[]; validationContext?: string }, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...error.extra });
      }
      if (error.validation) {
        return reply.status(400).send({ message: describeValidation(error.validation[0], error.validationContext), code: 'VALIDATION_ERROR' });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
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
