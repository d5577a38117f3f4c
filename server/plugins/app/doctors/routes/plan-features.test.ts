// The public side of the plan features (docs/product.md section 5): the contact form with its limits
// and spam traps, and profile statistics counting (batched; bots and the vet's own visits excluded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, uniqueEmail, type Account } from '../../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { contactMessages, emailOutbox, profileDailyStats, profiles, users } from '../../../../db/schema';
import { CONTACT_SENT } from '../../plan-features/contact';
import { utcDay } from '../../plan-features/profile-stats';

let app: FastifyInstance;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The timer never writes during a test here: the tests flush when they mean to.
  app = await buildTestApp({ SMTP_URL: smtp.url, STATS_FLUSH_MS: '3600000', SEARCH_CACHE_SECONDS: '30' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A fresh client address per test, so limits never leak between tests or runs (Redis keeps them). */
const newIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;
const contact = (payload: Record<string, unknown>, ip = newIp()) =>
  app.inject({ method: 'POST', url: '/api/doctors/contact', payload, remoteAddress: ip, headers: { 'user-agent': BROWSER } });
const goodMessage = (vet: Account, overrides: Record<string, unknown> = {}) => ({
  id: vet.user.id,
  name: 'Jordan Petowner',
  email: uniqueEmail('owner'),
  phone: '(406) 555-0199',
  species: 'Rabbit',
  message: 'Hello, does the practice see rabbits for dental checks? Thank you.',
  ...overrides,
});
const proVet = async (plan: 2 | 3 = 2) => {
  const vet = await createVet(app, { plan });
  // NOTE: vet ids restart with each test database; a Redis counter of an earlier run must not count.
  await app.counters.reset(`contact:vet:${vet.user.id}`);
  return vet;
};
const storedMessages = (vet: Account) => app.database.db.select().from(contactMessages).where(eq(contactMessages.doctorId, vet.user.id));

describe('the contact form', () => {
  it('delivers the message to the vet with Reply-To the sender, confirms to the sender without repeating it, and lists it in the account', async () => {
    const vet = await proVet();
    const body = goodMessage(vet);
    const response = await contact(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CONTACT_SENT });

    const toVet = await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.subject.startsWith('New message'));
    expect(toVet.raw).toMatch(new RegExp(`^Reply-To: ${body.email}`, 'mi'));
    expect(toVet.decoded).toContain(body.message);
    expect(toVet.decoded).toContain('Rabbit');
    const toSender = await smtp.waitFor((m) => m.to.includes(body.email));
    expect(toSender.decoded).not.toContain('dental checks');
    expect(toSender.decoded).not.toContain('Jordan');

    const list = await injectAs(app, vet.token, { url: '/api/user/messages', payload: { page: 1, pageSize: 10 } });
    expect(list.json()).toMatchObject({
      totalCount: 1,
      page: 1,
      pageSize: 10,
      data: [{ name: 'Jordan Petowner', email: body.email, phone: '(406) 555-0199', species: 'Rabbit', message: body.message }],
    });
  });

  it("goes to the profile's confirmed contact e-mail when there is one, else to the account's", async () => {
    const vet = await proVet();
    const practice = uniqueEmail('frontdesk');
    await app.database.db.update(profiles).set({ contactEmail: practice, verifiedContactEmail: practice }).where(eq(profiles.userId, vet.user.id));
    await contact(goodMessage(vet));
    await smtp.waitFor((m) => m.to.includes(practice) && m.subject.startsWith('New message'));
    const other = await proVet();
    await app.database.db.update(profiles).set({ contactEmail: null }).where(eq(profiles.userId, other.user.id));
    await contact(goodMessage(other));
    await smtp.waitFor((m) => m.to.includes(other.user.email) && m.subject.startsWith('New message'));
  });

  it('a filled honeypot gets the same answer and sends and stores nothing', async () => {
    const vet = await proVet();
    const body = goodMessage(vet, { website: 'https://spam.example' });
    const response = await contact(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CONTACT_SENT });
    expect(await storedMessages(vet)).toHaveLength(0);
    expect(
      await app.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, body.email as string)),
    ).toHaveLength(0);
  });

  it.each([
    [
      'HTML in the message',
      { message: 'Click <a href="https://x.example">here</a>' },
      'message',
      'Please write plain text: HTML tags and codes are not accepted.',
    ],
    ['an HTML entity in the message', { message: 'Hi &lt;script&gt;' }, 'message', 'Please write plain text: HTML tags and codes are not accepted.'],
    ['a tag in the name', { name: '<b>Boss</b>' }, 'name', 'Please write plain text: HTML tags and codes are not accepted.'],
    ['a message over 2,000 characters', { message: 'a'.repeat(2001) }, 'message', 'Keep the message under 2,000 characters.'],
    ['an empty message', { message: '   ' }, 'message', 'Write a message to the practice.'],
    ['a name with a line break', { name: 'Jo\nBcc: x@y.example' }, 'name', 'Enter your name on one line, up to 100 characters.'],
    ['letters as a phone number', { phone: 'call me maybe' }, 'phone', 'Enter a phone number with digits, spaces and + ( ) - only, or leave it empty.'],
  ])('refuses %s with 400, a sentence and its field, and stores nothing', async (_, overrides, field, message) => {
    const vet = await proVet();
    const response = await contact(goodMessage(vet, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    expect(await storedMessages(vet)).toHaveLength(0);
  });

  it('refuses a bad e-mail address and a body over the size limit', async () => {
    const vet = await proVet();
    expect((await contact(goodMessage(vet, { email: 'not-an-address' }))).statusCode).toBe(400);
    const huge = await contact(goodMessage(vet, { message: 'a'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    expect(await storedMessages(vet)).toHaveLength(0);
  });

  it('a Basic vet has no contact form: 403 with a sentence; a practice that is not listed: 404', async () => {
    const basic = await createVet(app, { plan: 1 });
    const response = await contact(goodMessage(basic));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PLAN_REQUIRED');
    expect(response.json().message).toBe('This practice does not take messages through the site. Please call or e-mail them instead.');
    const unlisted = await contact(goodMessage(basic, { id: 2_000_000_000 }));
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json().message).toBe('This practice is not listed on Animal Doctor.');
  });

  it('one client may send 10 messages an hour, also when they arrive at once', async () => {
    const vet = await proVet();
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 14 }, () => contact(goodMessage(vet), ip)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many messages were sent in the last hour. Please try again later or call the practice.',
    });
    expect(await storedMessages(vet)).toHaveLength(10);
  });

  it('one vet receives at most 50 messages an hour from many clients at once', async () => {
    const vet = await proVet(3);
    const answers = await Promise.all(Array.from({ length: 54 }, () => contact(goodMessage(vet))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(50);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
    expect(await storedMessages(vet)).toHaveLength(50);
  }, 30_000);
});

describe('profile statistics counting', () => {
  const view = (id: number, headers: Record<string, string> = { 'user-agent': BROWSER }, ip = newIp()) =>
    app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id }, headers, remoteAddress: ip });
  const storedDay = async (vet: Account) =>
    (
      await app.database.db
        .select()
        .from(profileDailyStats)
        .where(and(eq(profileDailyStats.userId, vet.user.id), eq(profileDailyStats.day, utcDay(new Date()))))
    )[0];

  it('views are tallied in memory and written in one batch, not on each request', async () => {
    const vet = await createVet(app, { plan: 3 });
    await app.profileStats.flush();
    await view(vet.user.id);
    await view(vet.user.id);
    expect(await storedDay(vet)).toBeUndefined();
    expect(app.profileStats.pending()).toBeGreaterThan(0);
    await app.profileStats.flush();
    expect(await storedDay(vet)).toMatchObject({ views: 2 });
    await view(vet.user.id);
    await app.profileStats.flush();
    expect(await storedDay(vet)).toMatchObject({ views: 3 });
  });

  it('does not count bots, scripts without a user agent, or the vet viewing their own profile; counts another signed-in visitor', async () => {
    const vet = await createVet(app, { plan: 3 });
    const visitor = await createAccount(app);
    await view(vet.user.id, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await view(vet.user.id, { 'user-agent': 'curl/8.5.0' });
    await view(vet.user.id, { 'user-agent': undefined as unknown as string });
    await view(vet.user.id, { 'user-agent': BROWSER, authorization: `Bearer ${vet.token}` });
    await app.profileStats.flush();
    expect(await storedDay(vet)).toBeUndefined();
    await view(vet.user.id, { 'user-agent': BROWSER, authorization: `Bearer ${visitor.token}` });
    await app.profileStats.flush();
    expect(await storedDay(vet)).toMatchObject({ views: 1 });
  });

  it('counts appearances in search results, clicks and contact messages, and the vet reads them per UTC day', async () => {
    const vet = await proVet(3);
    await app.database.db
      .update(profiles)
      .set({ clinicName: 'Aaa Prairie Clinic', zip: '82001', city: 'Cheyenne', state: 'WY', latitude: 41.14, longitude: -104.82 })
      .where(eq(profiles.userId, vet.user.id));
    const search = await app.inject({
      method: 'POST',
      url: '/api/doctors/search',
      payload: { searchState: 'WY', searchCount: 50 },
      headers: { 'user-agent': BROWSER },
    });
    expect(search.json(), search.body).toHaveProperty('data');
    expect(search.json().data.map((d: { id: number }) => d.id)).toContain(vet.user.id);
    for (const kind of ['phone', 'website', 'website', 'directions']) {
      const click = await app.inject({
        method: 'POST',
        url: '/api/doctors/event',
        payload: { id: vet.user.id, kind },
        headers: { 'user-agent': BROWSER },
        remoteAddress: newIp(),
      });
      expect(click.statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'POST', url: '/api/doctors/event', payload: { id: vet.user.id, kind: 'email' } })).statusCode).toBe(400);
    await contact(goodMessage(vet));

    const response = await injectAs(app, vet.token, { url: '/api/user/statistics', payload: { days: 90 } });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toHaveLength(90);
    expect(data[0].date).toBe(utcDay(new Date(Date.now() - 89 * 86_400_000)));
    expect(data.at(-1)).toEqual({ date: utcDay(new Date()), views: 0, appearances: 1, clicks_phone: 1, clicks_website: 2, clicks_directions: 1, messages: 1 });
    expect((await injectAs(app, vet.token, { url: '/api/user/statistics', payload: { days: 91 } })).statusCode).toBe(400);
  });

  it('counts a view once per client address, profile and UTC day, also when the views arrive at once (docs/security.md, Second review, row 5)', async () => {
    const vet = await createVet(app, { plan: 3 });
    const other = await createVet(app, { plan: 3 });
    const ip = newIp();
    await Promise.all(Array.from({ length: 30 }, () => view(vet.user.id, undefined, ip)));
    await app.inject({ method: 'GET', url: `/api/doctors/get-by-id?id=${vet.user.id}`, headers: { 'user-agent': BROWSER }, remoteAddress: ip });
    await view(other.user.id, undefined, ip);
    await app.profileStats.flush();
    expect(await storedDay(vet)).toMatchObject({ views: 1 });
    expect(await storedDay(other)).toMatchObject({ views: 1 });
    await view(vet.user.id);
    await app.profileStats.flush();
    expect(await storedDay(vet)).toMatchObject({ views: 2 });
  });

  it.runIf(Boolean(process.env.REDIS_URL))('counts a view once across two app servers sharing Redis', async () => {
    const second = await buildTestApp({ REDIS_KEY_PREFIX: app.config.redisKeyPrefix, STATS_FLUSH_MS: '3600000' });
    try {
      const vet = await createVet(app, { plan: 3 });
      const ip = newIp();
      for (const server of [app, second, app, second]) {
        const res = await server.inject({
          method: 'POST',
          url: '/api/doctors/get-by-id',
          payload: { id: vet.user.id },
          headers: { 'user-agent': BROWSER },
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(200);
      }
      await app.profileStats.flush();
      await second.profileStats.flush();
      expect(await storedDay(vet)).toMatchObject({ views: 1 });
    } finally {
      await second.close();
    }
  });

  it("counts clicks only on a listed profile: another id answers the profile's 404 and counts nothing", async () => {
    const listed = await createVet(app, { plan: 3 });
    const pending = await createVet(app, { plan: 3, reviewState: 'pending' });
    const suspended = await createVet(app, { plan: 3 });
    await app.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const click = (id: number) =>
      app.inject({ method: 'POST', url: '/api/doctors/event', payload: { id, kind: 'phone' }, headers: { 'user-agent': BROWSER }, remoteAddress: newIp() });
    for (const id of [pending.user.id, suspended.user.id, 2_000_000_000]) {
      const refused = await click(id);
      expect(refused.statusCode, String(id)).toBe(404);
      expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: 'This profile does not exist or is not public.' });
    }
    expect((await click(listed.user.id)).statusCode).toBe(200);
    await app.profileStats.flush();
    expect(await storedDay(pending)).toBeUndefined();
    expect(await storedDay(suspended)).toBeUndefined();
    expect(await storedDay(listed)).toMatchObject({ clicksPhone: 1 });
  });

  it('rate-limits click events per client', async () => {
    const vet = await createVet(app, { plan: 3 });
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 65 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/doctors/event',
          payload: { id: vet.user.id, kind: 'phone' },
          remoteAddress: ip,
          headers: { 'user-agent': BROWSER },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
  });
});
