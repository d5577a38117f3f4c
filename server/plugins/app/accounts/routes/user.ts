// The account calls of docs/product.md (Accounts and tokens) under /api/user, with the bodies,
// answers and status codes the spec gives. Routes validate, authorize, call an account command
// (plugins/app/accounts) and shape the answer; "text" answers are plain sentences.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../../../../shared/constants/messages';
import {
  ChangePasswordBody,
  CheckCodeBody,
  EmailBody,
  EmptyBody,
  LoginBody,
  MessageSchema,
  RegisterBody,
  ResendVerificationBody,
  SessionSchema,
  TextSchema,
  TokenBody,
  UserSchema,
} from '../../../../../shared/schemas/user';
import { errorResponses } from '../../../../../shared/schemas/common';
import { domainError } from '../../../../lib/domain-error';
import { RESET_WINDOW_MS } from '../codes';
import type { SignedIn } from '../account-deps';
import { noStore } from '../../../../lib/http-cache';
import { CODE_CHECK_ANSWERS, clearResetCookie, resetCookieOf, setResetCookie } from './account-answers';

const tags = ['user'];

export default async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { accounts } = fastify;
  const session = async ({ user, token }: SignedIn) => ({ token, user: await fastify.users.present(user) });
  app.addHook('onRequest', noStore);

  app.post('/register', {
    schema: {
      tags,
      summary: 'Create an account; 200 {token,user}, 201/202 text',
      body: RegisterBody,
      response: { 200: SessionSchema, 201: TextSchema, 202: TextSchema, ...errorResponses(429) },
    },
    handler: async (request) => {
      const { first_name: firstName, last_name: lastName, email, password, account_type: accountType, next } = request.body;
      return session(await accounts.register({ firstName, lastName, email, password, accountType, next }, request.ip));
    },
  });

  app.post('/login', {
    schema: {
      tags,
      summary: 'Sign in; 200 verified, 201 unverified',
      body: LoginBody,
      response: { 200: SessionSchema, 201: SessionSchema, ...errorResponses(401, 403, 429) },
    },
    handler: async (request, reply) => {
      const signedIn = await accounts.login(request.body, request.ip);
      return reply.status(signedIn.user.verify ? 200 : 201).send(await session(signedIn));
    },
  });

  app.post('/login-with-token', {
    schema: { tags, summary: 'Restore a session from a stored token', body: TokenBody, response: { 200: SessionSchema, ...errorResponses(401) } },
    handler: async (request) => {
      const { token } = request.body;
      const user = await fastify.userFromSessionToken(token);
      if (!user) throw domainError(401, 'UNAUTHENTICATED', MESSAGES.tokenLoginFailed);
      await accounts.sessionRestored(user, request.ip);
      return session({ user, token });
    },
  });

  app.post('/token-verification', {
    schema: { tags, summary: 'Exchange the e-mail verification token from the link', body: TokenBody, response: { 200: SessionSchema, 201: TextSchema } },
    handler: async (request) => {
      return session(await accounts.exchangeVerificationLink(request.body.token, request.ip));
    },
  });

  app.post('/list-practice', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      summary: "A pet owner's 'List your practice': the account becomes a vet account (docs/product.md section 13); a vet account stays one",
      security: [{ bearer: [] }],
      body: EmptyBody,
      response: { 200: Type.Object({ user: UserSchema }), ...errorResponses(401) },
    },
    handler: async (request) => ({ user: await fastify.users.present(await accounts.listPractice(request.user)) }),
  });

  app.post('/send-verification-email', {
    preHandler: fastify.requireUser,
    schema: {
      tags,
      summary: 'Send the verification e-mail again (at most one a minute); its link carries `next` when that is a path of this site',
      security: [{ bearer: [] }],
      body: ResendVerificationBody,
      response: { 200: MessageSchema, ...errorResponses(401, 429) },
    },
    handler: async (request) => {
      const { user } = request;
      const result = await accounts.resendVerificationEmail(user, request.ip, request.body?.next);
      if (result === 'already_verified') return { message: 'Your e-mail address is already verified.', email: user.email };
      return { message: `We sent a verification e-mail to ${user.email}.`, email: user.email };
    },
  });

  app.post('/send-verify-code', {
    schema: {
      tags,
      summary: 'E-mail a password reset code (same answer, in the same time, whether or not the account exists)',
      body: EmailBody,
      response: { 200: MessageSchema, ...errorResponses(429) },
    },
    handler: async (request) => {
      await accounts.requestResetCode(request.body.email, request.ip);
      return { message: MESSAGES.codeSent };
    },
  });

  app.post('/check-verify-code', {
    schema: {
      tags,
      summary: 'Check a password reset code; opens a 15-minute window for change-password in this browser (HttpOnly cookie)',
      body: CheckCodeBody,
      response: CODE_CHECK_ANSWERS,
    },
    handler: async (request, reply) => {
      const resetToken = await accounts.checkResetCode(request.body.email, request.body.verifyCode);
      setResetCookie(request, reply, resetToken, RESET_WINDOW_MS / 1000);
      return { message: 'The code is correct. Choose a new password within 15 minutes.' };
    },
  });

  app.post('/change-password', {
    schema: {
      tags,
      summary: 'Set a new password inside the window opened by check-verify-code in the same browser',
      body: ChangePasswordBody,
      response: { 200: MessageSchema, ...errorResponses(400, 403) },
    },
    handler: async (request, reply) => {
      await accounts.changePassword(request.body.email, request.body.password, resetCookieOf(request));
      clearResetCookie(request, reply);
      return { message: 'Your password was changed. Please sign in with the new password.' };
    },
  });
}
