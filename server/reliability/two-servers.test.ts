// Two app servers on one PostgreSQL and one Redis (issue 15): a session from one works on the
// other, sign-in failures lock an account across both, the API rate limit is one budget, and when
// one server is killed during load the other keeps answering. The caches act as one (an article
// edit on B clears A's article answers but leaves its cached doctor searches; an approval on B
// clears them, through the change announcements carried by Redis, decisions 037 and 093), and so
// do webhooks (one signed Stripe event delivered to both at once changes the plan once, decision
// 026). Runs when TEST_DATABASE_URL and REDIS_URL are set (the PostgreSQL run of .ci/run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { auditLog, payments, processedEvents } from '../db/schema';
import { createAccount, createArticle, createVet } from '../test/factories';
import { signStripePayload, startFakeStripe, stripeEvent } from '../test/fake-stripe';
import { createPostgresDatabase } from '../test/helper';
import { factoryTarget, startServerProcess, uniqueTag, type ServerProcess } from './processes';

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
const running: ServerProcess[] = [];
afterAll(() => Promise.all(running.map((s) => s.stop())));

// The servers trust 127.0.0.1 as a proxy and this run comes from its own address, so the shared
// Redis counters of this test never touch (or are touched by) other tests' 127.0.0.1 budget.
const client = `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const headers = { 'x-forwarded-for': client };
const post = (server: ServerProcess, url: string, body: unknown) =>
  fetch(`${server.url}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.runIf(enabled)('two app servers on one PostgreSQL and one Redis', () => {
  it('act as one, and one keeps answering when the other is killed', { timeout: 300_000 }, async () => {
    const databaseUrl = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'two');
    const env = (n: number) => ({
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL!,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `ad-two-${n}-`)),
      RATE_LIMIT_PER_MINUTE: '1000',
      TRUST_PROXY: '127.0.0.1',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      MAIL_PER_CLIENT_PER_HOUR: '100000',
    });
    const [a, b] = await Promise.all([startServerProcess(env(1)), startServerProcess(env(2))]);
    running.push(a!, b!);
    const tag = uniqueTag();
    const password = 'Correct-Horse-Battery-9';

    // A session made on one server is valid on the other.
    const email = `two-${tag}@example.com`;
    const registered = await post(a!, '/api/user/register', { first_name: 'Two', last_name: 'Servers', email, password });
    expect(registered.status).toBe(200);
    const { token } = (await registered.json()) as { token: string };
    expect((await post(b!, '/api/user/login-with-token', { token })).status).toBe(200);

    // Three failures spread over both servers lock the account on both: the right password is refused.
    for (const server of [a!, b!, a!]) expect((await post(server, '/api/user/login', { email, password: 'Wrong-Password-123' })).status).toBe(401);
    const locked = await post(b!, '/api/user/login', { email, password });
    expect(locked.status).toBe(429);

    // Kill one during load: every request to the other is answered. The load is spread over a second;
    // A is killed once the first 20 answers are in, with most of the load still to come.
    let answered = 0;
    const load = Array.from({ length: 200 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 5));
      const status = await fetch(`${b!.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      answered += 1;
      return status;
    });
    await expect.poll(() => answered, { timeout: 20_000, interval: 10 }).toBeGreaterThanOrEqual(20);
    a!.signal('SIGKILL');
    const answers = await Promise.all(load);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    expect((await a!.exited).signal).toBe('SIGKILL');
    // And the survivor still knows the session made on the dead one.
    expect((await post(b!, '/api/user/login-with-token', { token })).status).toBe(200);

    // A restarted server joins, and the two share one rate-limit budget (last: it spends this minute's budget).
    const restarted = await startServerProcess(env(3));
    running.push(restarted);
    // One rate-limit budget: 1,200 calls split over both servers get at most 1,000 answers.
    const statuses = await Promise.all(
      Array.from({ length: 1200 }, (_, i) => fetch(`${[restarted, b!][i % 2]!.url}/api/payment/plans`, { headers }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1000);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(200);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });
});

describe.runIf(enabled)('two app servers share the search cache and the webhook', () => {
  it(
    "an article edit on B leaves A's cached search, an approval on B clears it; one Stripe event sent to both changes the plan once",
    { timeout: 300_000 },
    async () => {
      const databaseUrl = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'two_cache');
      const stripe = await startFakeStripe('sk_test_two_servers');
      const webhookSecret = 'whsec_two_servers';
      // Their own Redis prefix: the cache channel and the counters are these two servers' alone.
      const prefix = `ad-two-${uniqueTag()}:`;
      const env = (n: number) => ({
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.REDIS_URL!,
        REDIS_KEY_PREFIX: prefix,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `ad-two-cache-${n}-`)),
        RATE_LIMIT_PER_MINUTE: '100000',
        SEARCH_CACHE_SECONDS: '600',
        STRIPE_SECRET_KEY: 'sk_test_two_servers',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: stripe.apiBase,
      });
      const database = await openDatabase({ databaseUrl, poolSize: 2 });
      try {
        const [a, b] = await Promise.all([startServerProcess(env(1)), startServerProcess(env(2))]);
        running.push(a!, b!);
        const target = factoryTarget(database);
        // A database of its own: the only vets in New York are this test's.
        const city = 'New York';
        const admin = await createAccount(target, { stage: 'admin' });
        const listed = await createVet(target, { city, clinicName: 'Listed Before' });
        const waiting = await createVet(target, { city, clinicName: 'Waiting For Review', reviewState: 'pending' });
        const search = async (server: ServerProcess, searchCount = 50) => {
          const res = await post(server, '/api/doctors/search', { searchCity: city, searchState: 'NY', searchCount });
          expect(res.status, await res.clone().text()).toBe(200);
          return ((await res.json()) as { data: { id: number }[] }).data.map((d) => d.id).sort((x, y) => x - y);
        };

        // Written behind the servers' backs: each server's index reads the change log at least once a
        // second (docs/decisions/073-search-index-in-memory.md). A is asked with counts below 50 (each its
        // own cache entry, never the one asked next) until its index shows the vet.
        let count = 50;
        await expect.poll(() => search(a!, --count), { timeout: 20_000, interval: 100 }).toEqual([listed.user.id]);
        // A caches the answer: a vet written behind the servers' backs (not announced) does not show on A.
        expect(await search(a!)).toEqual([listed.user.id]);
        const behindTheBack = await createVet(target, { city, clinicName: 'Written Behind The Back' });
        expect(await search(a!)).toEqual([listed.user.id]);

        // An administrator edits an article on B. A's cached article answer follows at once (the
        // announcement reached A), and A's cached doctor search is kept: an article is not a listing.
        const article = await createArticle(target, { title: `Before ${prefix}` });
        const articleTitle = async (server: ServerProcess) => {
          const res = await post(server, '/api/articles/get-by-id', { id: article.id });
          expect(res.status, await res.clone().text()).toBe(200);
          return ((await res.json()) as { title: string }).title;
        };
        expect(await articleTitle(a!)).toBe(`Before ${prefix}`);
        const edited = await fetch(`${b!.url}/api/admin/articles/update`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
          body: JSON.stringify({ id: article.id, title: `After ${prefix}` }),
        });
        expect(edited.status, await edited.clone().text()).toBe(200);
        // The announcement travels through Redis pub/sub: allow it a moment to arrive.
        const articleDeadline = Date.now() + 10_000;
        while ((await articleTitle(a!)) !== `After ${prefix}` && Date.now() < articleDeadline) await new Promise((r) => setTimeout(r, 100));
        expect(await articleTitle(a!)).toBe(`After ${prefix}`);
        expect(await search(a!)).toEqual([listed.user.id]);

        // B approves the waiting vet: A's next answer is fresh (it shows both new vets).
        const approved = await fetch(`${b!.url}/api/admin/review-profile`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
          body: JSON.stringify({ user_id: waiting.user.id, decision: 'approve', reason: '' }),
        });
        expect(approved.status, await approved.clone().text()).toBe(200);
        const expected = [listed.user.id, waiting.user.id, behindTheBack.user.id].sort((x, y) => x - y);
        // The announcement travels through Redis pub/sub: allow it a moment to arrive.
        const deadline = Date.now() + 10_000;
        let seen = await search(a!);
        while (seen.length !== expected.length && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          seen = await search(a!);
        }
        expect(seen).toEqual(expected);

        // A vet buys Premium through Stripe on A; Stripe's signed event reaches A and B at the same moment.
        const buyer = await createAccount(target, { stage: 'verified' });
        const checkout = await fetch(`${a!.url}/api/payment/checkout`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
          body: JSON.stringify({ plan: 2, period: 'month' }),
        });
        expect(checkout.status, await checkout.clone().text()).toBe(200);
        const sessionId = new URL(((await checkout.json()) as { url: string }).url).pathname.split('/').pop()!;
        const { session, subscription } = stripe.completeSession(sessionId);
        const payload = stripeEvent('checkout.session.completed', session);
        const deliveries = [a!, b!, a!, b!, a!, b!].map((server) =>
          fetch(`${server.url}/api/payment/webhook`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, webhookSecret) },
            body: payload,
          }).then(async (r) => ({ status: r.status, outcome: ((await r.json()) as { outcome: string }).outcome })),
        );
        const answers = await Promise.all(deliveries);
        expect(answers.filter((x) => x.status !== 200)).toEqual([]);
        expect(answers.filter((x) => x.outcome === 'applied')).toHaveLength(1);
        expect(answers.filter((x) => x.outcome === 'duplicate')).toHaveLength(answers.length - 1);
        const [payment] = await database.db.select().from(payments).where(eq(payments.userId, buyer.user.id));
        expect(payment).toMatchObject({ plan: 2, status: 'active', provider: 'stripe', subscriptionId: subscription.id });
        const audits = await database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.targetId, String(buyer.user.id)), like(auditLog.action, 'plan.%')));
        expect(audits).toHaveLength(1);
        expect(
          await database.db
            .select()
            .from(processedEvents)
            .where(eq(processedEvents.eventId, JSON.parse(payload).id as string)),
        ).toHaveLength(1);
      } finally {
        await database.close();
        await stripe.close();
      }
    },
  );
});
