// The payment calls with the default sandbox provider (docs/product.md, Plans and payment): plans, checkout,
// the sandbox page's pay/decline, cancel at period end, upgrade/downgrade, expiry, and exactly-once
// confirmation under parallel calls. Real database, real HTTP injection, no mocks.
import { formatDate } from '../../../../../shared/lib/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { PLANS, SANDBOX_NOTICE } from '../../../../../shared/constants/plans';
import { auditLog, checkoutSessions, payments, processedEvents, zipCodes } from '../../../../db/schema';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  await app.database.db
    .insert(zipCodes)
    .values([
      { zip: '10001', city: 'New York', state: 'NY', latitude: 40.7506, longitude: -73.9972 },
      { zip: '60601', city: 'Chicago', state: 'IL', latitude: 41.886, longitude: -87.6181 },
      { zip: '94103', city: 'San Francisco', state: 'CA', latitude: 37.7725, longitude: -122.4147 },
      { zip: '02108', city: 'Boston', state: 'MA', latitude: 42.3576, longitude: -71.0637 },
    ])
    .onConflictDoNothing();
});
afterAll(() => app.close());

const db = () => app.database.db;
const paymentOf = async (userId: number) => (await db().select().from(payments).where(eq(payments.userId, userId)))[0];
const sessionsOf = (userId: number) => db().select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId));
const auditOf = (userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))))
    .orderBy(auditLog.id);
const me = async (account: Account) => (await injectAs(app, account.token, { url: '/api/payment/subscription', payload: {} })).json();

async function checkout(account: Account, plan: number, period = 'month'): Promise<string> {
  const res = await injectAs(app, account.token, { url: '/api/payment/checkout', payload: { plan, period } });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().url as string;
  expect(url).toMatch(/^\/checkout\/cs_sandbox_[\w-]+$/);
  return url.replace('/checkout/', '');
}
const pay = (account: Account | undefined, id: string) => injectAs(app, account?.token, { url: '/api/payment/sandbox/pay', payload: { id } });

describe('plans', () => {
  it('answers the three plans with monthly and yearly prices from shared/constants/plans.ts, on GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/payment/plans' });
      expect(res.statusCode).toBe(200);
      // A GET's answer carries an ETag for caches; a POST's does not (nothing asks a POST again with it).
      if (method === 'GET') expect(res.headers.etag).toBeTruthy();
      else expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toContain('public');
      const { plans, provider } = res.json();
      expect(provider).toBe('sandbox');
      expect(plans.map((p: { name: string }) => p.name)).toEqual(['Basic', 'Professional', 'Premium']);
      for (const [i, plan] of plans.entries()) {
        expect(plan.monthly_cents).toBe(PLANS[i]!.priceCents);
        // Two months free on a yearly plan.
        expect(plan.yearly_cents).toBe(plan.monthly_cents * 10);
      }
      expect(plans[0].unlocks).toEqual(['listed']);
      expect(plans[2].unlocks).toContain('featured');
    }
  });

  it('refuses an unknown field on POST with a 400 naming it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/plans', payload: { plan: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'plan' });
  });
});

describe('test mode', () => {
  it('a sandbox server says in its log at start that payments are simulated; a Stripe server does not (issue 23, row 2)', async () => {
    const logOf = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      await (await buildTestApp(env, { logStream })).close();
      return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    };
    const sandbox = (await logOf({})).filter((line) => line.msg.startsWith(SANDBOX_NOTICE));
    expect(sandbox).toHaveLength(1);
    expect(sandbox[0]!.level).toBe(40);
    const stripe = await logOf({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' });
    expect(stripe.some((line) => line.msg.includes('no card is charged'))).toBe(false);
  });
});

describe('checkout', () => {
  it('refuses a visitor (401) and an unverified account (403) and opens nothing', async () => {
    const visitor = await app.inject({ method: 'POST', url: '/api/payment/checkout', payload: { plan: 1, period: 'month' } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('UNAUTHENTICATED');
    const unverified = await createAccount(app, { stage: 'unverified' });
    const res = await injectAs(app, unverified.token, { url: '/api/payment/checkout', payload: { plan: 1, period: 'month' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_VERIFIED');
    expect(await sessionsOf(unverified.user.id)).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field and opens nothing', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const bodies: unknown[] = [
      {},
      { plan: 0, period: 'month' },
      { plan: 4, period: 'month' },
      { plan: '1', period: 'month' },
      { plan: 1, period: 'week' },
      { plan: 1 },
      { plan: 1, period: 'month', amount: 1 },
      [],
    ];
    for (const payload of bodies) {
      const res = await injectAs(app, vet.token, { url: '/api/payment/checkout', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/\.$/);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const broken = await injectAs(app, vet.token, { url: '/api/payment/checkout', payload: '{"plan":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(await sessionsOf(vet.user.id)).toEqual([]);
  });

  it('opens a sandbox checkout at the price of the plan and period; the plan does not change yet', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const id = await checkout(vet, 2, 'year');
    const [row] = await sessionsOf(vet.user.id);
    expect(row).toMatchObject({ id, plan: 2, period: 'year', amountCents: PLANS[1]!.yearlyPriceCents, status: 'open', provider: 'sandbox' });
    expect(await paymentOf(vet.user.id)).toBeUndefined();
    const page = await injectAs(app, vet.token, { url: '/api/payment/sandbox/session', payload: { id } });
    expect(page.json()).toMatchObject({ id, plan: 2, plan_name: 'Professional', period: 'year', amount_cents: 49000, status: 'open', email: vet.user.email });
  });

  it('20 parallel checkouts from one vet open one checkout, which later ones for that plan and period reuse (issue 23, row 6)', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => injectAs(app, vet.token, { url: '/api/payment/checkout', payload: { plan: 3, period: 'month' } })),
    );
    const urls = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().url));
    expect(urls.size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200 || (a.statusCode === 409 && a.json().code === 'CHECKOUT_IN_PROGRESS'))).toBe(true);
    expect(await sessionsOf(vet.user.id)).toHaveLength(1);
    const id = await checkout(vet, 3);
    expect(`/checkout/${id}`).toBe([...urls][0]);
    // Another period is another checkout; a paid one is not offered again.
    expect(await checkout(vet, 3, 'year')).not.toBe(id);
    expect((await pay(vet, id)).statusCode).toBe(200);
    expect(await checkout(vet, 3, 'year')).not.toBe(id);
    await db()
      .update(checkoutSessions)
      .set({ createdAt: new Date(Date.now() - 23.5 * 3_600_000) })
      .where(eq(checkoutSessions.userId, vet.user.id));
    // An open checkout with less than an hour left is not offered either.
    const yearly = (await sessionsOf(vet.user.id)).filter((row) => row.period === 'year').map((row) => row.id);
    expect(yearly).not.toContain(await checkout(vet, 3, 'year'));
  });

  it('caps checkouts at 10 an hour per account with a 429 sentence (issue 23, row 6)', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    // Reused checkouts do not count: each one here is let run out of time first.
    const age = () =>
      db()
        .update(checkoutSessions)
        .set({ createdAt: new Date(Date.now() - 23.5 * 3_600_000) })
        .where(eq(checkoutSessions.userId, vet.user.id));
    for (let i = 0; i < 3; i++) expect(await checkout(vet, 1)).toBe(await checkout(vet, 1));
    await age();
    for (let i = 0; i < 9; i++) {
      await checkout(vet, 1 + (i % 3));
      await age();
    }
    const res = await injectAs(app, vet.token, { url: '/api/payment/checkout', payload: { plan: 2, period: 'year' } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'You have opened too many checkouts in the last hour. Please try again later.' });
    expect(res.headers['retry-after']).toBeTruthy();
    expect(await sessionsOf(vet.user.id)).toHaveLength(10);
  });

  it('shows a sandbox checkout only to its owner', async () => {
    const owner = await createAccount(app, { stage: 'verified' });
    const other = await createAccount(app, { stage: 'verified' });
    const id = await checkout(owner, 1);
    for (const url of ['/api/payment/sandbox/session', '/api/payment/sandbox/pay', '/api/payment/sandbox/decline']) {
      expect((await injectAs(app, other.token, { url, payload: { id } })).statusCode).toBe(404);
      expect((await injectAs(app, undefined, { url, payload: { id } })).statusCode).toBe(401);
      expect((await injectAs(app, owner.token, { url, payload: { id: 'cs_sandbox_nope' } })).statusCode).toBe(404);
      expect((await injectAs(app, owner.token, { url, payload: { id: 5 } })).statusCode).toBe(400);
    }
    expect(await paymentOf(other.user.id)).toBeUndefined();
    expect(await paymentOf(owner.user.id)).toBeUndefined();
  });
});

describe('sandbox pay and decline', () => {
  it("'Pay' makes the plan the session's plan for one period, once, and writes the audit log", async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const id = await checkout(vet, 1);
    const res = await pay(vet, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toBe('/services?checkout=success');
    expect(res.json().user.payment).toMatchObject({ plan: 1, status: 'active' });
    const end = new Date(res.json().user.payment.current_period_end).getTime();
    expect(end - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(end - Date.now()).toBeLessThan(32 * 86_400_000);
    const again = await pay(vet, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PAID');
    const audit = await auditOf(vet.user.id);
    expect(audit.map((a) => a.action)).toEqual(['plan.activated']);
    expect(audit[0]!.details).toMatchObject({ from: 0, to: 1, period: 'month', amount_cents: 1900, checkout_session: id });
    const state = await me(vet);
    expect(state).toMatchObject({ plan: 1, plan_name: 'Basic', status: 'active', period: 'month', email: vet.user.email });
    expect(state.customerId).toMatch(/^cus_/);
    // The stored user now passes the paid-plan guard.
    const login = await app.inject({ method: 'POST', url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(login.json().user.payment.plan).toBe(1);
  });

  it("'Decline' answers a declined card and changes nothing; the checkout can still be paid", async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const id = await checkout(vet, 3);
    const res = await injectAs(app, vet.token, { url: '/api/payment/sandbox/decline', payload: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ declined: true, code: 'CARD_DECLINED', message: expect.stringMatching(/declined/) });
    expect(await paymentOf(vet.user.id)).toBeUndefined();
    expect((await sessionsOf(vet.user.id))[0]!.status).toBe('open');
    expect(await auditOf(vet.user.id)).toEqual([]);
    expect((await me(vet)).plan).toBe(0);
    expect((await pay(vet, id)).statusCode).toBe(200);
  });

  it('200 parallel confirmations of one session change the plan exactly once', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const id = await checkout(vet, 2);
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(vet, id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect((await paymentOf(vet.user.id))!.plan).toBe(2);
    expect((await auditOf(vet.user.id)).filter((a) => a.action.startsWith('plan.'))).toHaveLength(1);
    const events = await db()
      .select()
      .from(processedEvents)
      .where(like(processedEvents.eventId, `%${id}`));
    expect(events).toHaveLength(1);
  });

  it('a checkout older than a day can no longer be paid', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const id = await checkout(vet, 1);
    await db()
      .update(checkoutSessions)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(checkoutSessions.id, id));
    const res = await pay(vet, id);
    expect(res.statusCode).toBe(410);
    expect(await paymentOf(vet.user.id)).toBeUndefined();
  });
});

describe('changing plans', () => {
  it('a checkout for another plan replaces the current plan only once paid (upgrade, then downgrade)', async () => {
    const vet = await createAccount(app, { stage: 'paid', plan: 1 });
    const up = await checkout(vet, 3, 'year');
    expect((await paymentOf(vet.user.id))!.plan).toBe(1);
    expect((await pay(vet, up)).json().user.payment.plan).toBe(3);
    const payment = await paymentOf(vet.user.id);
    expect(payment!.period).toBe('year');
    expect(payment!.currentPeriodEnd!.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    const down = await checkout(vet, 1, 'month');
    await injectAs(app, vet.token, { url: '/api/payment/sandbox/decline', payload: { id: down } });
    expect((await paymentOf(vet.user.id))!.plan).toBe(3);
    expect((await pay(vet, down)).json().user.payment).toMatchObject({ plan: 1, status: 'active' });
    const changes = (await auditOf(vet.user.id)).map((a) => [a.action, a.details.from, a.details.to]);
    expect(changes).toEqual([
      ['plan.changed', 1, 3],
      ['plan.changed', 3, 1],
    ]);
  });

  it('refuses to sell the plan and period a vet already has (409)', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    await pay(vet, await checkout(vet, 2, 'month'));
    const res = await injectAs(app, vet.token, { url: '/api/payment/checkout', payload: { plan: 2, period: 'month' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SAME_PLAN');
    // Another period of the same plan is a change the vet may make.
    await checkout(vet, 2, 'year');
  });
});

describe('cancel', () => {
  it('refuses a visitor, an unverified account and a vet without a plan', async () => {
    expect((await injectAs(app, undefined, { url: '/api/payment/cancel', payload: {} })).statusCode).toBe(401);
    const unverified = await createAccount(app, { stage: 'unverified' });
    expect((await injectAs(app, unverified.token, { url: '/api/payment/cancel', payload: {} })).statusCode).toBe(403);
    const verified = await createAccount(app, { stage: 'verified' });
    const res = await injectAs(app, verified.token, { url: '/api/payment/cancel', payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_PLAN');
    const paid = await createAccount(app, { stage: 'paid' });
    expect((await injectAs(app, paid.token, { url: '/api/payment/cancel', payload: { now: true } })).statusCode).toBe(400);
    expect((await paymentOf(paid.user.id))!.status).toBe('active');
  });

  it('ends the plan at the end of its period: status canceling, plan kept and still listed until then', async () => {
    // Boston: other files sharing this worker's database leave many vets at the default 10001.
    const vet = await createVet(app, { zip: '02108', city: 'Boston', state: 'MA', latitude: 42.3576, longitude: -71.0637 });
    const before = await paymentOf(vet.user.id);
    const res = await injectAs(app, vet.token, { url: '/api/payment/cancel', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(formatDate(before!.currentPeriodEnd!));
    expect(res.json().user.payment).toEqual({ plan: 1, status: 'canceling', current_period_end: before!.currentPeriodEnd!.toISOString() });
    const again = await injectAs(app, vet.token, { url: '/api/payment/cancel', payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_CANCELING');
    expect((await auditOf(vet.user.id)).map((a) => a.action)).toEqual(['plan.cancel_requested']);
    const search = await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: '02108', radius: 5, searchCount: 50 } });
    expect(search.json().data.map((d: { id: number }) => d.id)).toContain(vet.user.id);
  });

  it('a cancelled vet may buy again: the new plan replaces the ending one', async () => {
    const vet = await createAccount(app, { stage: 'paid', plan: 2 });
    await injectAs(app, vet.token, { url: '/api/payment/cancel', payload: {} });
    await pay(vet, await checkout(vet, 2, 'month'));
    expect((await paymentOf(vet.user.id))!.status).toBe('active');
  });
});

describe('expiry', () => {
  const findsVet = async (zip: string, id: number) => {
    const res = await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: zip, searchCount: 50 } });
    return res.json().data.some((d: { id: number }) => d.id === id);
  };

  it('an ended period takes the profile out of search at once, and the sweep marks the plan expired', async () => {
    const vet = await createVet(app, { zip: '60601', city: 'Chicago', state: 'IL', latitude: 41.886, longitude: -87.6181 });
    expect(await findsVet('60601', vet.user.id)).toBe(true);
    await db()
      .update(payments)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(payments.userId, vet.user.id));
    expect(await findsVet('60601', vet.user.id)).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: vet.user.id } })).statusCode).toBe(404);
    const login = await app.inject({ method: 'POST', url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(login.json().user.payment).toMatchObject({ plan: 0, status: 'expired' });
    expect(await app.payments.expireEndedPlans()).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(vet.user.id))!.status).toBe('expired');
    expect((await auditOf(vet.user.id)).map((a) => a.action)).toEqual(['plan.expired']);
    expect(await app.payments.expireEndedPlans()).toBe(0);
    expect(await findsVet('60601', vet.user.id)).toBe(false);
    // Buying again brings the profile back.
    await pay(vet, await checkout(vet, 1));
    expect(await findsVet('60601', vet.user.id)).toBe(true);
  });

  it('a cancelled plan leaves search when its period ends', async () => {
    const vet = await createVet(app, { zip: '94103', city: 'San Francisco', state: 'CA', latitude: 37.7725, longitude: -122.4147 });
    await injectAs(app, vet.token, { url: '/api/payment/cancel', payload: {} });
    expect(await findsVet('94103', vet.user.id)).toBe(true);
    await db()
      .update(payments)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(payments.userId, vet.user.id));
    expect(await findsVet('94103', vet.user.id)).toBe(false);
    const paidOnly = await injectAs(app, vet.token, { url: '/api/payment/cancel', payload: {} });
    expect(paidOnly.json().code).toBe('NO_PLAN');
  });
});
