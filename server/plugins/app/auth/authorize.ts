// The one authorization layer: preHandlers that every signed-in call uses
// (`{ preHandler: fastify.requireVerified }`). Each refuses with the same `{ message, code }`
// shape, so a client can tell "sign in" (401) from "not allowed" (403). Record-level rules
// ("may this user touch that record") live in ./policies.ts.
// Routes name a guard as a preHandler, but it runs first: an onRoute hook moves every guard to the
// route's onRequest, before the body is read or validated, so a visitor gets 401 and never a 400 that
// names the fields a private call takes (docs/product.md 4.5; decision 133).
import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { payments } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import type { UserRow } from '../users/index';
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

/** The guards: functions that only sign in and check the account, so they may run before the body is read. */
const GUARDS = new WeakSet<object>();
/** Marks a preHandler as a guard that the route table runs on request, before validation. */
export function authGuard<T extends preHandlerAsyncHookHandler>(guard: T): T {
  GUARDS.add(guard);
  return guard;
}

/** Moves a route's guards from its preHandler to the front of its onRequest. */
function guardsFirst(route: RouteOptions): void {
  const handlers = route.preHandler ? [route.preHandler].flat() : [];
  const guards = handlers.filter((handler) => GUARDS.has(handler));
  if (guards.length === 0) return;
  route.preHandler = handlers.filter((handler) => !GUARDS.has(handler));
  // A guard reads the headers only (the session token), so it works the same in onRequest.
  route.onRequest = [...(guards as unknown as onRequestAsyncHookHandler[]), ...(route.onRequest ? [route.onRequest].flat() : [])];
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest('user', null as unknown as UserRow);
    fastify.addHook('onRoute', guardsFirst);

    const signedIn = async (request: FastifyRequest, allowUnverified: boolean) => {
      request.user = await fastify.authenticate(request, { allowUnverified: true });
      if (!allowUnverified && !request.user.verify) throw domainError(403, 'NOT_VERIFIED', AUTH_MESSAGES.notVerified);
      return request.user;
    };

    fastify.decorate(
      'requireUser',
      authGuard(async (request: FastifyRequest) => {
        await signedIn(request, true);
      }),
    );
    fastify.decorate(
      'requireVerified',
      authGuard(async (request: FastifyRequest) => {
        await signedIn(request, false);
      }),
    );
    fastify.decorate(
      'requirePaidPlan',
      authGuard(async (request: FastifyRequest) => {
        const user = await signedIn(request, false);
        const [payment] = await fastify.database.db.select().from(payments).where(eq(payments.userId, user.id));
        if (!hasPaidPlan(payment, fastify.clock.now())) throw domainError(403, 'PLAN_REQUIRED', AUTH_MESSAGES.planRequired);
      }),
    );
    fastify.decorate(
      'requireAdmin',
      authGuard(async (request: FastifyRequest) => {
        const user = await signedIn(request, false);
        if (!isAdmin(user)) throw domainError(403, 'FORBIDDEN', AUTH_MESSAGES.adminOnly);
      }),
    );
  },
  { name: 'authorize', dependencies: ['authenticate', 'database'] },
);
