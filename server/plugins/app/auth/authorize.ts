// The one authorization layer: preHandlers that every signed-in call uses
// (`{ preHandler: fastify.requireVerified }`). Each refuses with the same `{ message, code }`
// shape, so a client can tell "sign in" (401) from "not allowed" (403). Record-level rules
// ("may this user touch that record") live in ./policies.ts.
import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import { payments } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import type { UserRow } from '../users/user-repository';
import { hasPaidPlan } from '../listing/listing-rule';
import { isAdmin } from './policies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; set by the require* preHandlers. */
    user: UserRow;
  }
  interface FastifyInstance {
    /** Signed in with a session token; an unverified account passes. */
    requireUser: preHandlerAsyncHookHandler;
    /** Signed in and the e-mail address verified. */
    requireVerified: preHandlerAsyncHookHandler;
    /** Verified, with a paid plan whose period has not ended (docs/product.md, Plans and payment). */
    requirePaidPlan: preHandlerAsyncHookHandler;
    /** A verified administrator (manage_role 'admin'). */
    requireAdmin: preHandlerAsyncHookHandler;
  }
}

export const AUTH_MESSAGES = {
  notVerified: 'Please verify your e-mail address first.',
  planRequired: 'This needs a paid plan. Choose a plan on the Pricing page first.',
  adminOnly: 'Only administrators can do this.',
} as const;

export default fp(
  async (fastify) => {
    fastify.decorateRequest('user', null as unknown as UserRow);

    const signedIn = async (request: FastifyRequest, allowUnverified: boolean) => {
      request.user = await fastify.authenticate(request, { allowUnverified: true });
      if (!allowUnverified && !request.user.verify) throw domainError(403, 'NOT_VERIFIED', AUTH_MESSAGES.notVerified);
      return request.user;
    };

    fastify.decorate('requireUser', async (request: FastifyRequest) => {
      await signedIn(request, true);
    });
    fastify.decorate('requireVerified', async (request: FastifyRequest) => {
      await signedIn(request, false);
    });
    fastify.decorate('requirePaidPlan', async (request: FastifyRequest) => {
      const user = await signedIn(request, false);
      const [payment] = await fastify.database.db.select().from(payments).where(eq(payments.userId, user.id));
      if (!hasPaidPlan(payment, fastify.clock.now())) throw domainError(403, 'PLAN_REQUIRED', AUTH_MESSAGES.planRequired);
    });
    fastify.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await signedIn(request, false);
      if (!isAdmin(user)) throw domainError(403, 'FORBIDDEN', AUTH_MESSAGES.adminOnly);
    });
  },
  { name: 'authorize', dependencies: ['authenticate', 'database'] },
);
