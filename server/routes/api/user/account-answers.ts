// How routes answer the account commands' domain errors: a "text" answer where the spec gives one
// (docs/product.md, The API), otherwise the one `{ message, code }` shape.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountError, type AccountErrorReason } from '../../../plugins/app/accounts/account-errors';
import { httpError, sendText } from '../../../lib/http-error';
import { Type } from '@sinclair/typebox';
import { ErrorSchema, MessageSchema, TextSchema } from '../../../../shared/schemas/user';

const JSON_ANSWERS: Record<AccountErrorReason, [number, string]> = {
  weak_password: [400, 'WEAK_PASSWORD'],
  email_taken: [409, 'EMAIL_TAKEN'],
  rate_limited: [429, 'RATE_LIMITED'],
  bad_credentials: [401, 'BAD_CREDENTIALS'],
  suspended: [403, 'SUSPENDED'],
  code_wrong: [400, 'CODE_WRONG'],
  code_expired: [400, 'CODE_EXPIRED'],
  code_too_many: [400, 'CODE_TOO_MANY'],
  no_reset_window: [403, 'NO_RESET_WINDOW'],
  link_invalid: [400, 'LINK_INVALID'],
  link_expired: [400, 'LINK_EXPIRED'],
  link_used: [400, 'LINK_USED'],
  already_subscribed: [409, 'ALREADY_SUBSCRIBED'],
  unsubscribe_unknown: [404, 'NOT_FOUND'],
};

/**
 * Answers an AccountError: as text with the status `texts` gives for its reason, else as JSON.
 * Anything else is rethrown for the error handler.
 */
export function answerAccountError(reply: FastifyReply, error: unknown, texts: Partial<Record<AccountErrorReason, number>> = {}): void {
  if (!(error instanceof AccountError)) throw error;
  const textStatus = texts[error.reason];
  if (textStatus !== undefined) {
    sendText(reply, textStatus, error.message);
    return;
  }
  const [status, code] = JSON_ANSWERS[error.reason];
  throw httpError(status, code, error.message, error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {});
}

// The reset window's cookie (docs/security.md, row 1): HttpOnly so scripts cannot read it,
// SameSite=Strict so no other site can send it, Secure over HTTPS, scoped to the account calls.
const RESET_COOKIE = 'ad_reset';

export function setResetCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${RESET_COOKIE}=${token}; Path=/api/user; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`);
}

export function clearResetCookie(request: FastifyRequest, reply: FastifyReply) {
  setResetCookie(request, reply, '', 0);
}

export function resetCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === RESET_COOKIE) return /^[\w-]{20,100}$/.test(value.join('=')) ? value.join('=') : undefined;
  }
  return undefined;
}

/** Answers that carry tokens, codes or account data are never stored by a browser or a proxy. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/** A call that checks an e-mailed code (password reset, newsletter) answers a sentence, or why the code was refused. */
export const CODE_CHECK_ANSWERS = { 200: MessageSchema, 400: Type.Union([TextSchema, ErrorSchema]) };
/** The refusals of a code check, each answered as text with 400 (docs/product.md, Accounts and tokens). */
export const CODE_REFUSALS = { code_wrong: 400, code_expired: 400, code_too_many: 400 } as const;
