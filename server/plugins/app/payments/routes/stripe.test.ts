// Stripe Checkout (docs/product.md, Plans and payment) against a local server that speaks Stripe's API, with
// webhook events signed exactly as Stripe signs them: the plan changes only on a verified event,
// once per event id; replayed, forged, tampered and stale events change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { PLANS } from '../../../../../shared/constants/plans';
import { auditLog, checkoutSessions, payments, users } from '../../../../db/schema';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, injectAs, type Account } from '../../../../test/factories';
import { signStripePayload, startFakeStripe, stripeEvent, type FakeStripe } from '../../../../test/fake-stripe';

const SECRET_KEY = 'sk_test_animal_doctor_fake';
const WEBHOOK_SECRET = 'whsec_test_animal_doctor_fake';

let fake: FakeStripe;
let app: FastifyInstance;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  app = await buildTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.apiBase,
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const paymentOf = async (userId: number) => (await app.database.db.select().from(payments).where(eq(payments.userId, userId)))[0];
const auditCount = async (userId: number) =>
  (
    await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(userId)))
  ).length;

/** Posts an event as Stripe does; `null` sends it without a Stripe-Signature header. */
function sendEvent(payload: string, signature: string | null = signStripePayload(payload, WEBHOOK_SECRET)) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

async function checkout(account: Account, plan: number, period = 'month'): Promise<string> {
  const res = await injectAs(app, account.token, { url: '/api/payment/checkout', payload: { plan, period } });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  expect(url.hostname).toBe('checkout.stripe.test');
  return url.pathname.split('/').pop()!;
}

async function buyAndConfirm(account: Account, plan: number, period = 'month') {
  const sessionId = await checkout(account, plan, period);
  const { session, subscription } = fake.completeSession(sessionId);
  const payload = stripeEvent('checkout.session.completed', session);
  const res = await sendEvent(payload);
  expect(res.statusCode, res.body).toBe(200);
  return { sessionId, subscription, payload, answer: res.json() };
}

describe('Stripe checkout', () => {
  it('creates a customer and a subscription checkout priced from the one plan table; the plan waits for the webhook', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const before = fake.calls.length;
    const sessionId = await checkout(vet, 3, 'year');
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    expect(calls.every((c) => c.authorization === `Bearer ${SECRET_KEY}`)).toBe(true);
    expect(calls[0]!.form.email).toBe(vet.user.email);
    const form = calls[1]!.form;
    expect(form['line_items[0][price_data][unit_amount]']).toBe(String(PLANS[2]!.yearlyPriceCents));
    expect(form['line_items[0][price_data][recurring][interval]']).toBe('year');
    expect(form.success_url).toBe('http://localhost:3000/services?checkout=success');
    expect(form.cancel_url).toBe('http://localhost:3000/services');
    // Where the vet was going rides through Stripe's return addresses; a path to another site is dropped.
    const going = await createAccount(app, { stage: 'verified' });
    for (const [next, expected] of [
      ['/claim/42?step=2', '%2Fclaim%2F42%3Fstep%3D2'],
      ['//evil.example/x', null],
    ] as const) {
      const at = fake.calls.length;
      const res = await injectAs(app, going.token, {
        url: '/api/payment/checkout',
        payload: { plan: 1, period: next === '/claim/42?step=2' ? 'month' : 'year', next },
      });
      expect(res.statusCode, res.body).toBe(200);
      const sent = fake.calls.slice(at).find((c) => c.path === '/v1/checkout/sessions')!.form;
      expect(sent.success_url).toBe(`http://localhost:3000/services?checkout=success${expected ? `&next=${expected}` : ''}`);
      expect(sent.cancel_url).toBe(`http://localhost:3000/services${expected ? `?next=${expected}` : ''}`);
    }
    const [row] = await app.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(row).toMatchObject({ userId: vet.user.id, plan: 3, provider: 'stripe', status: 'open' });
    expect(await paymentOf(vet.user.id)).toBeUndefined();
    // The sandbox page's calls are off while Stripe takes payments.
    expect((await injectAs(app, vet.token, { url: '/api/payment/sandbox/pay', payload: { id: sessionId } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/payment/plans' })).json().provider).toBe('stripe');
  });

  it("a signed checkout.session.completed sets the plan with Stripe's period end, customer and subscription", async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const { subscription, answer } = await buyAndConfirm(vet, 2);
    expect(answer).toEqual({ received: true, outcome: 'applied' });
    const payment = await paymentOf(vet.user.id);
    expect(payment).toMatchObject({
      plan: 2,
      status: 'active',
      provider: 'stripe',
      subscriptionId: subscription.id,
      customerId: subscription.customer,
      email: vet.user.email,
    });
    expect(payment!.currentPeriodEnd!.getTime()).toBe(subscription.items.data[0]!.current_period_end * 1000);
    const state = (await injectAs(app, vet.token, { url: '/api/payment/subscription', payload: {} })).json();
    expect(state).toMatchObject({ plan: 2, status: 'active', email: vet.user.email, customerId: subscription.customer });
  });

  it('a replayed event changes nothing, even freshly signed', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const { payload } = await buyAndConfirm(vet, 1);
    const audits = await auditCount(vet.user.id);
    await app.database.db.update(payments).set({ plan: 3 }).where(eq(payments.userId, vet.user.id));
    for (const signature of [signStripePayload(payload, WEBHOOK_SECRET), signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 5)]) {
      const res = await sendEvent(payload, signature);
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('duplicate');
    }
    expect((await paymentOf(vet.user.id))!.plan).toBe(3);
    expect(await auditCount(vet.user.id)).toBe(audits);
  });

  it('200 parallel deliveries of one event change the plan once', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const sessionId = await checkout(vet, 1);
    const { session } = fake.completeSession(sessionId);
    const payload = stripeEvent('checkout.session.completed', session);
    const answers = await Promise.all(Array.from({ length: 200 }, () => sendEvent(payload)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(1);
    expect((await paymentOf(vet.user.id))!.plan).toBe(1);
    expect(await auditCount(vet.user.id)).toBe(1);
  });

  it('refuses forged, tampered, unsigned and stale events with 400 and changes nothing', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const sessionId = await checkout(vet, 3);
    const { session } = fake.completeSession(sessionId);
    const payload = stripeEvent('checkout.session.completed', session);
    const tampered = payload.replace('"livemode":false', '"livemode":true ');
    const attempts: [string, string | null][] = [
      [payload, signStripePayload(payload, 'whsec_someone_else')],
      [tampered, signStripePayload(payload, WEBHOOK_SECRET)],
      [payload, null],
      [payload, 'garbage'],
      [payload, signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
    ];
    for (const [i, [body, signature]] of attempts.entries()) {
      const res = await sendEvent(body, signature);
      expect(res.statusCode, `attempt ${i}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('BAD_SIGNATURE');
    }
    expect(await paymentOf(vet.user.id)).toBeUndefined();
    // The genuine event still goes through afterwards.
    expect((await sendEvent(payload)).json().outcome).toBe('applied');
  });

  it('a correctly signed event without data.object answers 400 with a sentence and changes nothing (issue 23, webhook)', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const sessionId = await checkout(vet, 2);
    const { session } = fake.completeSession(sessionId);
    const envelope = JSON.parse(stripeEvent('checkout.session.completed', session)) as Record<string, unknown>;
    const payloads = [
      { ...envelope, data: {} },
      { ...envelope, data: { object: null } },
      { ...envelope, data: { object: 'cs_test_x' } },
      { ...envelope, data: null },
      Object.fromEntries(Object.entries(envelope).filter(([key]) => key !== 'data')),
      { ...envelope, type: 'customer.subscription.updated', data: {} },
      { ...envelope, type: 'customer.subscription.deleted', data: { object: { status: 'canceled' } } },
      { ...envelope, data: { object: { ...session, id: 7 } } },
    ].map((body, i) => JSON.stringify({ ...body, id: `evt_no_object_${vet.user.id}_${i}` }));
    for (const payload of payloads) {
      const res = await sendEvent(payload);
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_EVENT', message: expect.stringMatching(/^The event .*\.$/) });
    }
    expect(await paymentOf(vet.user.id)).toBeUndefined();
    // Nothing was recorded as processed: the genuine event still applies.
    expect((await sendEvent(stripeEvent('checkout.session.completed', session))).json().outcome).toBe('applied');
  });

  it("stripe.webhooks.generateTestHeaderString's header is accepted (same scheme as Stripe's)", async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const sessionId = await checkout(vet, 1);
    const { session } = fake.completeSession(sessionId);
    const payload = stripeEvent('checkout.session.completed', session);
    const header = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await sendEvent(payload, header)).json().outcome).toBe('applied');
  });

  it('an unpaid (asynchronous) completion waits; an event for an unknown session changes nothing', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const sessionId = await checkout(vet, 2);
    const pending = stripeEvent('checkout.session.completed', { ...fake.sessions.get(sessionId), payment_status: 'unpaid' });
    expect((await sendEvent(pending)).json().outcome).toBe('pending');
    const unknown = stripeEvent('checkout.session.completed', {
      id: 'cs_test_unknown',
      object: 'checkout.session',
      payment_status: 'paid',
      customer: 'cus_x',
      subscription: null,
    });
    expect((await sendEvent(unknown)).json().outcome).toBe('not-open');
    expect(await paymentOf(vet.user.id)).toBeUndefined();
  });

  it('upgrading replaces the plan once paid and stops billing the old subscription; its later deletion changes nothing', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const first = await buyAndConfirm(vet, 1);
    const second = await buyAndConfirm(vet, 3);
    expect(second.answer.outcome).toBe('applied');
    expect(await paymentOf(vet.user.id)).toMatchObject({ plan: 3, subscriptionId: second.subscription.id });
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${first.subscription.id}`)).toBe(true);
    // A checkout for a returning customer reuses the Stripe customer.
    expect(second.subscription.customer).toBe(first.subscription.customer);
    const deleted = stripeEvent('customer.subscription.deleted', { ...fake.subscriptions.get(first.subscription.id) });
    expect((await sendEvent(deleted)).json().outcome).toBe('ignored');
    expect(await paymentOf(vet.user.id)).toMatchObject({ plan: 3, status: 'active' });
  });

  it('cancel asks Stripe to end the subscription at period end; subscription events keep the plan in step', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const { subscription } = await buyAndConfirm(vet, 2);
    const res = await injectAs(app, vet.token, { url: '/api/payment/cancel', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.payment).toMatchObject({ plan: 2, status: 'canceling' });
    const update = fake.calls.find((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscription.id}`);
    expect(update?.form.cancel_at_period_end).toBe('true');

    // The vet resumes in Stripe's portal: Stripe tells us with customer.subscription.updated.
    const resumed = stripeEvent('customer.subscription.updated', { ...subscription, cancel_at_period_end: false });
    expect((await sendEvent(resumed)).json().outcome).toBe('applied');
    expect((await paymentOf(vet.user.id))!.status).toBe('active');

    // A renewal moves the period end.
    const renewedEnd = subscription.items.data[0]!.current_period_end + 30 * 86_400;
    const renewed = stripeEvent('customer.subscription.updated', {
      ...subscription,
      cancel_at_period_end: false,
      items: { ...subscription.items, data: [{ ...subscription.items.data[0]!, current_period_end: renewedEnd }] },
    });
    await sendEvent(renewed);
    expect((await paymentOf(vet.user.id))!.currentPeriodEnd!.getTime()).toBe(renewedEnd * 1000);

    // Stripe ends the subscription: the plan stops counting at once.
    const ended = stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    expect((await sendEvent(ended)).json().outcome).toBe('applied');
    const login = await app.inject({ method: 'POST', url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(login.json().user.payment).toMatchObject({ plan: 0, status: 'expired' });
    const actions = (
      await app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(vet.user.id)))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions, actions.join()).toEqual(['plan.activated', 'plan.cancel_requested', 'plan.active', 'plan.renewed', 'plan.ended']);
  });

  it('answers 502 with a plain sentence when Stripe refuses, and opens nothing', async () => {
    const broken = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.apiBase });
    try {
      const vet = await createAccount(broken, { stage: 'verified' });
      const res = await injectAs(broken, vet.token, { url: '/api/payment/checkout', payload: { plan: 1, period: 'month' } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringMatching(/^The payment provider/) });
      expect(res.body).not.toContain('sk_test');
      expect(await app.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, vet.user.id))).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe('one Stripe customer and one open checkout per account (issue 23, row 6)', () => {
  const callsSince = (from: number, method: string, path: string | RegExp) =>
    fake.calls.slice(from).filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));
  const storedCustomer = async (userId: number) => (await app.database.db.select().from(users).where(eq(users.id, userId)))[0]!.stripeCustomerId;
  const liveCustomersOf = (email: string) => [...fake.customers.values()].filter((c) => c.email === email && !c.deleted);
  const open = (account: Account, plan: number, period = 'month', server = app) =>
    injectAs(server, account.token, { url: '/api/payment/checkout', payload: { plan, period } });

  it('20 parallel checkouts from one vet make one customer and one session; later ones reuse them', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const before = fake.calls.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(vet, 2)));
    const opened = answers.filter((a) => a.statusCode === 200);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expect(new Set(opened.map((a) => a.json().url)).size).toBe(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CHECKOUT_IN_PROGRESS', message: expect.stringMatching(/^A checkout .*\.$/) });
    }
    expect(callsSince(before, 'POST', '/v1/customers')).toHaveLength(1);
    expect(callsSince(before, 'POST', '/v1/checkout/sessions')).toHaveLength(1);
    const customer = await storedCustomer(vet.user.id);
    expect(customer).toMatch(/^cus_/);
    expect(liveCustomersOf(vet.user.email).map((c) => c.id)).toEqual([customer]);
    const url = opened[0]!.json().url as string;
    const sessionId = url.split('/').pop()!;
    expect(fake.sessions.get(sessionId)!.customer).toBe(customer);

    // Later: the same plan and period answer the open session (Stripe is only asked whether it is still open).
    const later = fake.calls.length;
    const again = await open(vet, 2);
    expect(again.json().url).toBe(url);
    expect(fake.calls.slice(later).map((c) => `${c.method} ${c.path}`)).toEqual([`GET /v1/checkout/sessions/${sessionId}`]);
    // Another plan or period is another session, for the same customer.
    const yearly = await open(vet, 2, 'year');
    expect(yearly.json().url).not.toBe(url);
    expect(callsSince(later, 'POST', '/v1/customers')).toHaveLength(0);
    expect(fake.sessions.get(yearly.json().url.split('/').pop())!.customer).toBe(customer);
    expect(await app.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, vet.user.id))).toHaveLength(2);
  });

  it('a session Stripe expired or completed is not offered again', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    const first = await checkout(vet, 1);
    const expired = await fetch(`${fake.apiBase}/v1/checkout/sessions/${first}/expire`, { method: 'POST', headers: { authorization: `Bearer ${SECRET_KEY}` } });
    expect(expired.status).toBe(200);
    const second = await checkout(vet, 1);
    expect(second).not.toBe(first);
    // Paid at Stripe, its webhook still on the way: a new checkout, and the paid one can still be confirmed.
    const { session } = fake.completeSession(second);
    const third = await checkout(vet, 1);
    expect(third).not.toBe(second);
    expect((await sendEvent(stripeEvent('checkout.session.completed', session))).json().outcome).toBe('applied');
    expect(new Set([first, second, third].map((id) => fake.sessions.get(id)!.customer))).toEqual(new Set([await storedCustomer(vet.user.id)]));
  });

  it('two servers that share no lease still keep one customer: the one stored first; the other is deleted at Stripe', async () => {
    const second = await buildTestApp({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.apiBase,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    try {
      const vet = await createAccount(app, { stage: 'verified' });
      const before = fake.calls.length;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => open(vet, 3, 'month', i % 2 ? second : app)));
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      const customer = await storedCustomer(vet.user.id);
      expect(liveCustomersOf(vet.user.email).map((c) => c.id)).toEqual([customer]);
      for (const call of callsSince(before, 'POST', '/v1/checkout/sessions')) expect(call.form.customer).toBe(customer);
      expect(callsSince(before, 'POST', '/v1/checkout/sessions').length).toBeLessThanOrEqual(2);
    } finally {
      await second.close();
    }
  });

  it('caps checkouts at 10 an hour per account with a 429 sentence; another account is not affected', async () => {
    const vet = await createAccount(app, { stage: 'verified' });
    for (let i = 0; i < 10; i++) {
      const res = await open(vet, 1);
      expect(res.statusCode).toBe(200);
      // Expired at Stripe, so the next checkout is a new one (a reused one does not count).
      await fetch(`${fake.apiBase}/v1/checkout/sessions/${res.json().url.split('/').pop()}/expire`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}` },
      });
    }
    expect((await open(vet, 1)).statusCode).toBe(429);
    const before = fake.calls.length;
    const refused = await open(vet, 1, 'year');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'You have opened too many checkouts in the last hour. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(callsSince(before, 'POST', /^\/v1\/(customers|checkout\/sessions)$/)).toEqual([]);
    const other = await createAccount(app, { stage: 'verified' });
    expect((await open(other, 1)).statusCode).toBe(200);
  });
});

describe('webhook without Stripe', () => {
  it('answers 404 on the sandbox provider, and other routes still parse JSON bodies', async () => {
    const sandbox = await buildTestApp();
    try {
      const payload = stripeEvent('checkout.session.completed', { id: 'cs_x' });
      const res = await sandbox.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET) },
      });
      expect(res.statusCode).toBe(404);
      const vet = await createAccount(sandbox, { stage: 'verified' });
      expect((await injectAs(sandbox, vet.token, { url: '/api/payment/checkout', payload: { plan: 1, period: 'month' } })).statusCode).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
