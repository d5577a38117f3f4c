// The authorization matrix: every require* preHandler against every kind of caller. Only the
// callers a rule lets through reach the handler; everyone else gets the same {message, code}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { createAccount, injectAs, type Account } from '../../../test/factories';
import { payments } from '../../../db/schema';

type Caller = 'visitor' | 'forged' | 'unverified' | 'verified' | 'paid' | 'expired' | 'suspended' | 'admin';
const rules = ['requireUser', 'requireVerified', 'requirePaidPlan', 'requireAdmin'] as const;

// Expected status per rule and caller: 200 means the handler ran.
const expected: Record<(typeof rules)[number], Record<Caller, number>> = {
  requireUser: { visitor: 401, forged: 401, suspended: 401, unverified: 200, verified: 200, paid: 200, expired: 200, admin: 200 },
  requireVerified: { visitor: 401, forged: 401, suspended: 401, unverified: 403, verified: 200, paid: 200, expired: 200, admin: 200 },
  requirePaidPlan: { visitor: 401, forged: 401, suspended: 401, unverified: 403, verified: 403, paid: 200, expired: 403, admin: 403 },
  requireAdmin: { visitor: 401, forged: 401, suspended: 401, unverified: 403, verified: 403, paid: 403, expired: 403, admin: 200 },
};
const codes: Record<number, string[]> = { 401: ['UNAUTHENTICATED'], 403: ['NOT_VERIFIED', 'PLAN_REQUIRED', 'FORBIDDEN'] };

describe('authorization preHandlers', () => {
  let app: FastifyInstance;
  const tokens = {} as Record<Caller, string | undefined>;

  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        extend: (fastify) =>
          fastify.register(async (scope) => {
            for (const rule of rules) scope.post(`/api/probe/${rule}`, { preHandler: scope[rule] }, async (request) => ({ id: request.user.id }));
          }),
      },
    );
    const made: Partial<Record<Caller, Account>> = {
      unverified: await createAccount(app, { stage: 'unverified' }),
      verified: await createAccount(app, { stage: 'verified' }),
      paid: await createAccount(app, { stage: 'paid', plan: 2 }),
      expired: await createAccount(app, { stage: 'paid', plan: 3 }),
      suspended: await createAccount(app, { stage: 'suspended' }),
      admin: await createAccount(app, { stage: 'admin' }),
    };
    await app.database.db
      .update(payments)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(payments.userId, made.expired!.user.id));
    for (const [caller, account] of Object.entries(made)) tokens[caller as Caller] = account.token;
    tokens.visitor = undefined;
    const [head, body] = made.admin!.token.split('.');
    tokens.forged = `${head}.${body}.${'A'.repeat(43)}`;
  });
  afterAll(() => app.close());

  for (const rule of rules) {
    for (const caller of Object.keys(expected[rule]) as Caller[]) {
      const status = expected[rule][caller];
      it(`${rule} answers ${status} to a ${caller} caller`, async () => {
        const res = await injectAs(app, tokens[caller], { url: `/api/probe/${rule}` });
        expect(res.statusCode).toBe(status);
        if (status === 200) expect(res.json().id).toEqual(expect.any(Number));
        else {
          expect(codes[status]).toContain(res.json().code);
          expect(res.json().message).toMatch(/^[A-Z].*\.$/);
        }
      });
    }
  }
});
