// The business dashboard (docs/product.md section 24): each figure agrees with a direct count of the tables it
// summarises, over known data made here; searches and profile views counted by the public calls reach it;
// only administrators may ask, and a window other than 30, 90 or 365 days is refused with a sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { createTestClock } from '../../../../lib/clock';
import { appointments, payments, practiceClaims, reviews, users } from '../../../../db/schema';
import { PLANS, planPrice } from '../../../../../shared/constants/plans';
import type { DashboardAnswer } from '../../../../../shared/schemas/dashboard';
import { DASHBOARD_WINDOW_MESSAGE } from '../../../../../shared/constants/dashboard';

const DAY = 86_400_000;
const clock = createTestClock(new Date());
let app: FastifyInstance;
let admin: Account;
let clients = 0;
const newClient = () => `10.29.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { clock });
  admin = await createAccount(app, { stage: 'admin' });
});
afterAll(async () => {
  await app.close();
});

const dashboard = async (days: number): Promise<DashboardAnswer> => {
  const answer = await injectAs(app, admin.token, { url: '/api/admin/dashboard', payload: { days } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<DashboardAnswer>();
};
async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await app.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * DAY);

/** Listed practices per plan, counted straight from users, profiles and payments by the listing rule. */
async function expectListedAgrees(figures: DashboardAnswer['figures']) {
  for (const plan of PLANS) {
    const direct = await count(sql`SELECT count(*) AS n FROM users u JOIN profiles p ON p.user_id = u.id JOIN payments pay ON pay.user_id = u.id
      WHERE u.review_state = 'approved' AND u.status = 'active' AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
        AND pay.plan = ${plan.id} AND pay.status IN ('active', 'canceling')
        AND (pay.current_period_end IS NULL OR pay.current_period_end > ${clock.now().toISOString()}::timestamptz)`);
    const shown = figures.listed_by_plan.plans.find((p) => p.plan === plan.id)!;
    expect(shown.name).toBe(plan.name);
    expect(shown.count, plan.name).toBe(direct);
  }
  expect(figures.listed_by_plan.total).toBe(figures.listed_by_plan.plans.reduce((s, p) => s + p.count, 0));
}

/** The revenue per plan and in all, computed here from every payment row. */
async function expectRevenueAgrees(revenue: DashboardAnswer['figures']['monthly_revenue']) {
  const renewing = await app.database.db.select().from(payments);
  let expected = 0;
  for (const plan of PLANS) {
    const of = (period: 'month' | 'year') =>
      renewing.filter(
        (p) =>
          p.plan === plan.id &&
          p.status === 'active' &&
          (p.period ?? 'month') === period &&
          (!p.currentPeriodEnd || p.currentPeriodEnd.getTime() > clock.now().getTime()),
      ).length;
    const shown = revenue.plans.find((p) => p.plan === plan.id)!;
    expect(shown.monthly, plan.name).toBe(of('month'));
    expect(shown.yearly, plan.name).toBe(of('year'));
    const cents = of('month') * planPrice(plan, 'month') + Math.round((of('year') * planPrice(plan, 'year')) / 12);
    expect(shown.cents, plan.name).toBe(cents);
    expected += cents;
  }
  expect(revenue.cents).toBe(expected);
  expect(revenue.currency).toBe('usd');
}

/** New accounts of every day of the window and in all, counted straight from users: people, not imported listings (docs/product.md 29.4). */
async function expectAccountsAgree({ figures, from }: DashboardAnswer) {
  for (const entry of figures.new_accounts.series) {
    const direct = (type: string) =>
      count(sql`SELECT count(*) AS n FROM users WHERE account_type = ${type} AND claimed
        AND created_at >= ${`${entry.day}T00:00:00Z`}::timestamptz AND created_at < ${`${entry.day}T00:00:00Z`}::timestamptz + interval '1 day'`);
    if (entry.owners + entry.vets === 0 && (await direct('owner')) + (await direct('vet')) === 0) continue;
    expect(entry.owners, entry.day).toBe(await direct('owner'));
    expect(entry.vets, entry.day).toBe(await direct('vet'));
  }
  const inWindow = (type: string) =>
    count(sql`SELECT count(*) AS n FROM users WHERE account_type = ${type} AND claimed AND created_at >= ${`${from}T00:00:00Z`}::timestamptz`);
  expect(figures.new_accounts.owners).toBe(await inWindow('owner'));
  expect(figures.new_accounts.vets).toBe(await inWindow('vet'));
}

describe('who may see the dashboard', () => {
  it('administrators only: no session 401, a forged token 401, a vet or a pet owner 403', async () => {
    const vet = await createVet(app);
    const owner = await createAccount(app, { accountType: 'owner' });
    const forged = `${admin.token.split('.').slice(0, 2).join('.')}.${'B'.repeat(43)}`;
    for (const [token, status] of [
      [undefined, 401],
      [forged, 401],
      [vet.token, 403],
      [owner.token, 403],
    ] as const) {
      const answer = await injectAs(app, token, { url: '/api/admin/dashboard', payload: { days: 30 } });
      expect(answer.statusCode).toBe(status);
      expect(answer.json<{ figures?: unknown }>().figures).toBeUndefined();
    }
  });

  it('refuses a window other than 30, 90 or 365 days with a sentence', async () => {
    for (const payload of [{ days: 7 }, { days: '30 days' }, { days: 30.5 }, { days: 30, from: '2020-01-01' }]) {
      const answer = await injectAs(app, admin.token, { url: '/api/admin/dashboard', payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      const body = answer.json<{ message: string; code: string }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(/\w.*\.$/);
    }
    const seven = await injectAs(app, admin.token, { url: '/api/admin/dashboard', payload: { days: 7 } });
    expect(seven.json<{ message: string }>().message).toBe(DASHBOARD_WINDOW_MESSAGE);
  });
});

describe('the figures agree with the tables', () => {
  it('new accounts a day by type, every day of the window present', async () => {
    const tenDaysAgo = daysAgo(10);
    const fortyDaysAgo = daysAgo(40);
    await createAccount(app, { accountType: 'owner', createdAt: tenDaysAgo });
    await createAccount(app, { accountType: 'owner', createdAt: tenDaysAgo });
    await createAccount(app, { accountType: 'vet', createdAt: tenDaysAgo });
    await createAccount(app, { accountType: 'owner', createdAt: fortyDaysAgo });

    for (const days of [30, 90] as const) {
      const answer = await dashboard(days);
      const { figures, from, to } = answer;
      const series = figures.new_accounts.series;
      expect(series).toHaveLength(days);
      expect(series[0]!.day).toBe(from);
      expect(series.at(-1)!.day).toBe(dayOf(clock.now()));
      expect(to).toBe(dayOf(clock.now()));
      await expectAccountsAgree(answer);
      const tenDays = series.find((e) => e.day === dayOf(tenDaysAgo))!;
      expect(tenDays.owners).toBeGreaterThanOrEqual(2);
      expect(tenDays.vets).toBeGreaterThanOrEqual(1);
    }
    const thirty = await dashboard(30);
    expect(thirty.figures.new_accounts.series.some((e) => e.day === dayOf(fortyDaysAgo))).toBe(false);
    const ninety = await dashboard(90);
    expect(ninety.figures.new_accounts.series.find((e) => e.day === dayOf(fortyDaysAgo))!.owners).toBeGreaterThanOrEqual(1);
  });

  it('sign-ups count people: imported listings are left out until a vet claims one', async () => {
    const before = (await dashboard(30)).figures.new_accounts;
    // An import makes unclaimed listings in one statement (as practice-import does), of any size.
    const listings = await app.database.db
      .insert(users)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          email: `u-dashboard-${Date.now()}-${i}@unclaimed.invalid`,
          passwordHash: '!',
          firstName: 'Imported',
          lastName: 'Listing',
          accountType: 'vet' as const,
          claimed: false,
          createdAt: clock.now(),
        })),
      )
      .returning({ id: users.id });
    const person = await createAccount(app, { accountType: 'owner' });
    const after = await dashboard(30);
    expect(after.figures.new_accounts.vets).toBe(before.vets);
    expect(after.figures.new_accounts.owners).toBe(before.owners + 1);
    await expectAccountsAgree(after);
    // A claim makes a listing somebody's account; deleting an unclaimed listing changes nothing.
    await app.database.db.update(users).set({ claimed: true }).where(eq(users.id, listings[0]!.id));
    await app.database.db.delete(users).where(eq(users.id, listings[1]!.id));
    await app.database.db.update(users).set({ claimed: false }).where(eq(users.id, person.user.id));
    const claimed = await dashboard(30);
    expect(claimed.figures.new_accounts).toMatchObject({ vets: before.vets + 1, owners: before.owners });
    await expectAccountsAgree(claimed);
    await app.dashboard.compact();
    expect((await dashboard(30)).figures.new_accounts).toEqual(claimed.figures.new_accounts);
  });

  it('listed practices by plan: the listing rule counted straight from users, profiles and payments', async () => {
    await createVet(app, { plan: 1 });
    await createVet(app, { plan: 2 });
    await createVet(app, { plan: 3 });
    await createVet(app, { plan: 3 });
    await createVet(app, { plan: 2, expired: true });
    await createVet(app, { plan: 1, unpaid: true });
    await createVet(app, { plan: 1, reviewState: 'pending' });
    await createVet(app, { plan: 2, suspended: true });
    await expectListedAgrees((await dashboard(30)).figures);
  });

  it('monthly recurring revenue: renewing monthly plans at their price, yearly ones at a twelfth', async () => {
    const yearly = await createVet(app, { plan: 3 });
    await app.database.db.update(payments).set({ period: 'year' }).where(eq(payments.userId, yearly.user.id));
    const canceling = await createVet(app, { plan: 2 });
    await app.database.db.update(payments).set({ status: 'canceling' }).where(eq(payments.userId, canceling.user.id));
    const before = (await dashboard(30)).figures.monthly_revenue;
    await expectRevenueAgrees(before);

    // One more yearly Premium adds $990 / 12 = $82.50 a month.
    const another = await createVet(app, { plan: 3 });
    await app.database.db.update(payments).set({ period: 'year' }).where(eq(payments.userId, another.user.id));
    const after = (await dashboard(30)).figures.monthly_revenue;
    expect(after.plans.find((p) => p.plan === 3)!.yearly).toBe(before.plans.find((p) => p.plan === 3)!.yearly + 1);
    expect(Math.abs(after.cents - before.cents - 8250)).toBeLessThanOrEqual(1);
  });

  it("searches and profile views a day: people's calls counted, bots' not, and the views agree with the vets' own statistics", async () => {
    const vet = await createVet(app, { plan: 3, zip: '10001' });
    const today = dayOf(clock.now());
    const viewsToday = () => count(sql`SELECT coalesce(sum(views), 0) AS n FROM profile_daily_stats WHERE day = ${today}::date`);
    await app.profileStats.flush();
    const before = await dashboard(30);
    const vetViewsBefore = await viewsToday();

    for (const userAgent of [BROWSER, BROWSER, BROWSER, 'Googlebot/2.1 (+http://www.google.com/bot.html)']) {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/doctors/search?searchState=NY',
        headers: { 'user-agent': userAgent },
        remoteAddress: newClient(),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/doctors/get-by-id?id=${vet.user.id}`,
        headers: { 'user-agent': BROWSER },
        remoteAddress: newClient(),
      });
      expect(answer.statusCode).toBe(200);
    }
    await app.profileStats.flush();
    const after = await dashboard(30);

    const on = (figure: DashboardAnswer['figures']['searches'], day: string) => figure.series.find((e) => e.day === day)!.count;
    expect(on(after.figures.searches, today) - on(before.figures.searches, today)).toBe(3);
    expect(after.figures.searches.total - before.figures.searches.total).toBe(3);
    expect(on(after.figures.profile_views, today) - on(before.figures.profile_views, today)).toBe(2);
    expect(on(after.figures.profile_views, today) - on(before.figures.profile_views, today)).toBe((await viewsToday()) - vetViewsBefore);
    const stored = await count(sql`SELECT searches AS n FROM site_daily_stats WHERE day = ${today}::date`);
    expect(on(after.figures.searches, today)).toBe(stored);
  });

  it('pending reviews and profiles waiting: how many, and how long the oldest and the median have waited', async () => {
    const vet = await createVet(app);
    const waits = [5, 3, 1];
    for (const [i, d] of waits.entries()) {
      const author = await createAccount(app, { accountType: 'owner' });
      await app.database.db.insert(reviews).values({
        doctorId: vet.user.id,
        authorId: author.user.id,
        rating: 3,
        title: `Held ${i}`,
        text: 'Held for an administrator to read.',
        visitMonth: '2025-01',
        species: 'dog',
        state: 'pending',
        createdAt: daysAgo(d),
      });
    }
    for (const d of [8, 2]) {
      const waiting = await createVet(app, { reviewState: 'pending' });
      await app.database.db
        .update(users)
        .set({ submitAt: daysAgo(d) })
        .where(eq(users.id, waiting.user.id));
    }
    const { figures } = await dashboard(30);

    const expectQueue = async (shown: DashboardAnswer['figures']['pending_reviews'], query: ReturnType<typeof sql>) => {
      const result = (await app.database.db.execute(query)) as unknown as { rows: { since: string | Date }[] };
      const since = result.rows.map((r) => new Date(r.since).getTime()).sort((a, b) => a - b);
      const wait = (t: number) => Math.floor((clock.now().getTime() - t) / 1000);
      expect(shown.count).toBe(since.length);
      expect(shown.oldest_wait_seconds).toBe(wait(since[0]!));
      expect(shown.median_wait_seconds).toBe(wait(since[Math.ceil(since.length / 2) - 1]!));
    };
    await expectQueue(figures.pending_reviews, sql`SELECT created_at AS since FROM reviews WHERE state = 'pending'`);
    await expectQueue(figures.profiles_waiting, sql`SELECT submit_at AS since FROM users WHERE review_state = 'pending' AND submit_at IS NOT NULL`);
    expect(figures.pending_reviews.oldest_wait_seconds).toBeGreaterThanOrEqual(5 * 86_400);
    expect(figures.profiles_waiting.oldest_wait_seconds).toBeGreaterThanOrEqual(8 * 86_400);
  });

  it('stay exact through deletions, sign-ups that become practices, plan changes, expiry and compaction', async () => {
    const gone = await createVet(app, { plan: 2 });
    const upgraded = await createVet(app, { plan: 1 });
    const lapsing = await createVet(app, { plan: 3 });
    const owner = await createAccount(app, { accountType: 'owner' });
    await app.database.db.delete(users).where(eq(users.id, gone.user.id));
    await app.database.db.update(payments).set({ plan: 3, period: 'year' }).where(eq(payments.userId, upgraded.user.id));
    await app.database.db.update(users).set({ accountType: 'vet' }).where(eq(users.id, owner.user.id));
    await app.database.db
      .update(payments)
      .set({ currentPeriodEnd: new Date(clock.now().getTime() + 3 * DAY) })
      .where(eq(payments.userId, lapsing.user.id));
    const check = async () => {
      const answer = await dashboard(30);
      await expectAccountsAgree(answer);
      await expectListedAgrees(answer.figures);
      await expectRevenueAgrees(answer.figures.monthly_revenue);
      return answer;
    };
    const now = await check();
    await app.dashboard.compact();
    expect((await check()).figures).toEqual(now.figures);
    // Four days on, the lapsed plan is neither listed nor recurring, before any expiry sweep ran.
    clock.advance(4 * DAY);
    try {
      const later = await check();
      expect(later.figures.listed_by_plan.plans.find((p) => p.plan === 3)!.count).toBe(now.figures.listed_by_plan.plans.find((p) => p.plan === 3)!.count - 1);
    } finally {
      clock.set(new Date());
    }
  });

  it('stay exact when 60 accounts, 20 of them listed practices, are made at once, and folded while they are', async () => {
    const made = Promise.all([
      ...Array.from({ length: 40 }, (_, i) => createAccount(app, { accountType: i % 2 ? 'owner' : 'vet' })),
      ...Array.from({ length: 20 }, (_, i) => createVet(app, { plan: ((i % 3) + 1) as 1 | 2 | 3 })),
      app.dashboard.compact(),
      app.dashboard.compact(),
    ]);
    await made;
    const answer = await dashboard(30);
    await expectAccountsAgree(answer);
    await expectListedAgrees(answer.figures);
    await expectRevenueAgrees(answer.figures.monthly_revenue);
  });

  it('requests answered a day agree with the appointments answered in the window; claims waiting agree with the claims queue', async () => {
    const practice = await createVet(app, { plan: 2 });
    const owner = await createAccount(app, { accountType: 'owner' });
    const answered = [0, 0, 1, 3, 40].map((daysAgo) => new Date(clock.now().getTime() - daysAgo * DAY));
    await app.database.db.insert(appointments).values(
      [...answered, null].map((answeredAt) => ({
        doctorId: practice.user.id,
        ownerId: owner.user.id,
        petName: 'Biscuit',
        species: 'dog',
        reason: 'A yearly check-up and vaccines.',
        preferred: [new Date(clock.now().getTime() + 2 * DAY).toISOString()],
        timeZone: 'America/New_York',
        state: answeredAt ? ('confirmed' as const) : ('requested' as const),
        answeredAt,
      })),
    );
    await app.database.db.insert(practiceClaims).values({
      doctorId: practice.user.id,
      claimantId: owner.user.id,
      claimantEmail: owner.user.email,
      method: 'document',
      licenseNumber: 'VET-12345',
      licenseState: 'NY',
      state: 'waiting',
      createdAt: new Date(clock.now().getTime() - 2 * DAY),
    });
    const { figures } = await dashboard(30);
    const direct = await count(
      sql`SELECT count(*)::int AS n FROM appointments WHERE answered_at >= ${dayOf(new Date(clock.now().getTime() - 29 * DAY))}::date`,
    );
    expect(figures.requests_answered!.total).toBe(direct);
    expect(figures.requests_answered!.series).toHaveLength(30);
    expect(figures.requests_answered!.series.at(-1)!.count).toBeGreaterThanOrEqual(2);
    const waiting = await count(sql`SELECT count(*)::int AS n FROM practice_claims WHERE state = 'waiting'`);
    expect(waiting).toBeGreaterThan(0);
    expect(figures.claims_waiting).toMatchObject({ count: waiting });
    expect(figures.claims_waiting!.oldest_wait_seconds).toBeGreaterThanOrEqual(2 * 86_400);
    expect(figures.searches.series).toHaveLength(30);
  });
});
