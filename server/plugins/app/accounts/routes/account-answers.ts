// The account calls' cookie and cache headers (docs/security.md, row 1).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorSchema, MessageSchema, TextSchema } from '../../../../../shared/schemas/user';

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

/** A call that checks an e-mailed code (password reset, newsletter) answers a sentence, or why the code was refused. */
export const CODE_CHECK_ANSWERS = { 200: MessageSchema, 400: Type.Union([TextSchema, ErrorSchema]) };
