// The account calls (docs/product.md, Calls) under /api/user, with the bodies, answers and
// status codes that section and Accounts and tokens give. "Text" answers are plain sentences.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../../shared/constants/messages';
import {
  ChangePasswordBody,
  CheckCodeBody,
  EmailBody,
  ErrorSchema,
  LoginBody,
  MessageSchema,
  RegisterBody,
  SessionSchema,
  TextSchema,
  TokenBody,
} from '../../../../shared/schemas/user';
import { usedTokens, users } from '../../../db/schema';
import { httpError, sendText } from '../../../lib/http-error';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from '../../../lib/password';
import { TokenError } from '../../../plugins/app/auth/tokens';
import { CODE_MESSAGES, checkCode, consumeResetWindow, issueCode } from '../../../plugins/app/users/codes';
import { createUser, findUserByEmail, findUserById, loadPresentedUser, normalizeEmail, updateUser, type UserRow } from '../../../plugins/app/users/user-repository';
import { codeEmail, verificationEmail } from '../../../mail/templates';

const VERIFICATION_EMAIL_INTERVAL_MS = 60_000;
const tags = ['user'];


/** Why a password cannot be used, or undefined when it can (register 202, change-password). */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `The password must be at least ${PASSWORD_MIN} characters long.`;
  if (password.length > PASSWORD_MAX) return `The password must be at most ${PASSWORD_MAX} characters long.`;
  if (password.trim().length === 0) return 'The password cannot be only spaces.';
  if (password.toLowerCase() === email.toLowerCase()) return 'The password cannot be your e-mail address.';
  if (new Set(password).size < 4) return 'The password is too easy to guess; use a mix of characters.';
  return undefined;
}

export default async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const { db } = fastify.database;
  const limits = fastify.config.rateLimit;
  const windowMs = limits.loginWindowMinutes * 60_000;

  const session = async (user: UserRow) => ({ token: await fastify.tokens.sign(user.id, 'session', user.tokenVersion), user: await loadPresentedUser(db, user) });

  const verificationLink = async (user: UserRow) => {
    const [first, second, third] = (await fastify.tokens.sign(user.id, 'verify_email', user.tokenVersion)).split('.');
    const params = new URLSearchParams({ firstpart: first!, secondpart: second!, thirdpart: third! });
    return `${fastify.config.publicUrl}/verify/token?${params}`;
  };

  const sendVerificationEmail = async (user: UserRow) => {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ lastVerificationEmailAt: new Date() }).where(eq(users.id, user.id));
      await fastify.mailer.enqueue(tx, { address: user.email, name: user.firstName, kind: 'verify_email' }, verificationEmail(user.firstName, await verificationLink(user)));
    });
  };

  /** Per-address and per-e-mail limit on calls that send e-mail (codes, verification). */
  const limitSends = async (request: FastifyRequest, email: string) => {
    const hourMs = 3_600_000;
    const [forEmail, forAddress] = await Promise.all([fastify.counters.hit(`send:${email}`, hourMs), fastify.counters.hit(`send-ip:${request.ip}`, hourMs)]);
    if (forEmail > limits.codesPerHour || forAddress > limits.codesPerHour * 20) {
      const wait = Math.ceil((await fastify.counters.ttl(forEmail > limits.codesPerHour ? `send:${email}` : `send-ip:${request.ip}`)) / 1000);
      throw httpError(429, 'RATE_LIMITED', `Too many e-mails were requested. Please wait ${Math.ceil(wait / 60)} minutes and try again.`, { retryAfter: wait });
    }
  };

  fastify.post('/register', {
    schema: { tags, summary: 'Create an account; 200 {token,user}, 201/202 text', body: RegisterBody, response: { 200: SessionSchema, 201: TextSchema, 202: TextSchema, 429: ErrorSchema } },
    handler: async (request, reply) => {
      const body = request.body as RegisterBody;
      const email = normalizeEmail(body.email);
      const problem = passwordProblem(body.password, email);
      if (problem) return sendText(reply, 202, problem);
      if (!body.first_name.trim() || !body.last_name.trim()) return sendText(reply, 202, 'Please enter your first and last name.');
      if (await findUserByEmail(db, email)) return sendText(reply, 201, MESSAGES.emailAlreadyRegistered);
      await limitSends(request, email);
      const user = await createUser(db, { email, passwordHash: await hashPassword(body.password), firstName: body.first_name.trim(), lastName: body.last_name.trim() });
      if (!user) return sendText(reply, 201, MESSAGES.emailAlreadyRegistered); // lost a race with the same address
      await sendVerificationEmail(user);
      return session(user);
    },
  });

  fastify.post('/login', {
    schema: { tags, summary: 'Sign in; 200 verified, 201 unverified', body: LoginBody, response: { 200: SessionSchema, 201: SessionSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema } },
    handler: async (request, reply) => {
      const { email: given, password } = request.body as { email: string; password: string };
      const email = normalizeEmail(given);
      const accountKey = `login-fail:${email}`;
      const addressCount = await fastify.counters.hit(`login-ip:${request.ip}`, windowMs);
      if (addressCount > limits.loginPerAddress || (await fastify.counters.get(accountKey)) >= limits.loginFailuresPerAccount) {
        const wait = Math.ceil((await fastify.counters.ttl(addressCount > limits.loginPerAddress ? `login-ip:${request.ip}` : accountKey)) / 1000);
        throw httpError(429, 'RATE_LIMITED', `Too many sign-in attempts. Please wait ${Math.max(1, Math.ceil(wait / 60))} minutes and try again.`, { retryAfter: wait });
      }
      const user = await findUserByEmail(db, email);
      const ok = user ? await verifyPassword(user.passwordHash, password) : (await hashPassword(password), false);
      if (!user || !ok) {
        await fastify.counters.hit(accountKey, windowMs);
        throw httpError(401, 'BAD_CREDENTIALS', MESSAGES.loginFailed);
      }
      if (user.status === 'suspended') throw httpError(403, 'SUSPENDED', 'This account is suspended. Please contact support.');
      const answer = await session(user);
      return reply.status(user.verify ? 200 : 201).send(answer);
    },
  });

  fastify.post('/login-with-token', {
    schema: { tags, summary: 'Restore a session from a stored token', body: TokenBody, response: { 200: SessionSchema, 401: ErrorSchema } },
    handler: async (request) => {
      const user = await fastify.userFromSessionToken((request.body as { token: string }).token);
      if (!user) throw httpError(401, 'UNAUTHENTICATED', MESSAGES.tokenLoginFailed);
      return { token: (request.body as { token: string }).token, user: await loadPresentedUser(db, user) };
    },
  });

  fastify.post('/token-verification', {
    schema: { tags, summary: 'Exchange the e-mail verification token from the link', body: TokenBody, response: { 200: SessionSchema, 201: TextSchema } },
    handler: async (request, reply) => {
      let claims;
      try {
        claims = await fastify.tokens.verify((request.body as { token: string }).token, 'verify_email');
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        return sendText(reply, 201, error.reason === 'expired' ? 'This verification link has expired. Please sign in and ask for a new one.' : 'This verification link is not valid.');
      }
      const user = await findUserById(db, Number(claims.sub));
      if (!user || user.status !== 'active') return sendText(reply, 201, 'This verification link is not valid.');
      const used = await db
        .insert(usedTokens)
        .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing()
        .returning();
      if (used.length === 0) return sendText(reply, 201, 'This verification link was already used. Please sign in.');
      const verified = user.verify ? user : await updateUser(db, user.id, { verify: true, verifiedAt: new Date() });
      return session(verified ?? user);
    },
  });

  fastify.post('/send-verification-email', {
    schema: {
      tags,
      summary: 'Send the verification e-mail again (at most one a minute)',
      security: [{ bearer: [] }],
      body: Type.Optional(Type.Object({}, { additionalProperties: false })),
      response: { 200: MessageSchema, 401: ErrorSchema, 429: ErrorSchema },
    },
    handler: async (request) => {
      const user = await fastify.authenticate(request, { allowUnverified: true });
      if (user.verify) return { message: 'Your e-mail address is already verified.', email: user.email };
      const last = user.lastVerificationEmailAt?.getTime() ?? 0;
      const waitMs = last + VERIFICATION_EMAIL_INTERVAL_MS - Date.now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw httpError(429, 'RATE_LIMITED', `We just sent you an e-mail. Please wait ${seconds} seconds before asking for another one.`, { retryAfter: seconds });
      }
      await sendVerificationEmail(user);
      return { message: `We sent a verification e-mail to ${user.email}.`, email: user.email };
    },
  });

  fastify.post('/send-verify-code', {
    schema: { tags, summary: 'E-mail a password reset code (same answer whether or not the account exists)', body: EmailBody, response: { 200: MessageSchema, 429: ErrorSchema } },
    handler: async (request) => {
      const email = normalizeEmail((request.body as { email: string }).email);
      await limitSends(request, email);
      const user = await findUserByEmail(db, email);
      if (user && user.status === 'active') {
        const code = await issueCode(db, email, 'password_reset');
        await fastify.mailer.enqueue(db, { address: email, name: user.firstName, kind: 'password_reset' }, codeEmail('password_reset', code));
      }
      return { message: MESSAGES.codeSent };
    },
  });

  fastify.post('/check-verify-code', {
    schema: { tags, summary: 'Check a password reset code; opens a 15-minute window for change-password', body: CheckCodeBody, response: { 200: MessageSchema, 400: Type.Union([TextSchema, ErrorSchema]) } },
    handler: async (request, reply) => {
      const { email, verifyCode } = request.body as { email: string; verifyCode: string | number };
      const result = await checkCode(db, normalizeEmail(email), 'password_reset', verifyCode);
      if (result !== 'ok') return sendText(reply, 400, CODE_MESSAGES[result]);
      return { message: 'The code is correct. Choose a new password within 15 minutes.' };
    },
  });

  fastify.post('/change-password', {
    schema: { tags, summary: 'Set a new password inside the window opened by check-verify-code', body: ChangePasswordBody, response: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema } },
    handler: async (request) => {
      const body = request.body as { email: string; password: string };
      const email = normalizeEmail(body.email);
      const problem = passwordProblem(body.password, email);
      if (problem) throw httpError(400, 'WEAK_PASSWORD', problem);
      const user = await findUserByEmail(db, email);
      const passwordHash = await hashPassword(body.password);
      const changed = await db.transaction(async (tx) => {
        if (!(await consumeResetWindow(tx, email)) || !user) return false;
        // A new token version ends every session of this user.
        await tx.update(users).set({ passwordHash, tokenVersion: user.tokenVersion + 1, updatedAt: new Date() }).where(eq(users.id, user.id));
        return true;
      });
      if (!changed) throw httpError(403, 'NO_RESET_WINDOW', 'Please confirm the code we e-mailed you before choosing a new password.');
      await fastify.counters.reset(`login-fail:${email}`);
      return { message: 'Your password was changed. Please sign in with the new password.' };
    },
  });
}
