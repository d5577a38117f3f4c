// The account calls as a client sees them, with real e-mail through a local SMTP server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { MESSAGES } from '../../../../../shared/constants/messages';
import { buildTestApp } from '../../../../test/helper';
import { codeOf, mailSettled, startSmtpCapture, verificationLinkOf, type SmtpCapture } from '../../../../test/smtp-capture';
import { emailOutbox, newsletterSubscribers, users } from '../../../../db/schema';

let app: FastifyInstance;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, LOGIN_FAILURES_PER_ACCOUNT: '10', CODES_PER_HOUR: '50' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@Example.com`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/user/${url}`,
    payload: payload as object,
    headers,
    remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
const postFrom = (from: { remoteAddress: string; cookie?: string }, url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/user/${url}`,
    payload: payload as object,
    remoteAddress: from.remoteAddress,
    headers: from.cookie ? { cookie: from.cookie } : {},
  });
/** Header lines as one line each (RFC 5322 unfolding). */
const unfold = (raw: string) => raw.replace(/\r?\n(?=[ \t])/g, '').replace(/\r/g, '');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The cookie a browser would send back: name=value of the answer's Set-Cookie. */
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0]!;
const tokenFromLink = (link: URL) => ['firstpart', 'secondpart', 'thirdpart'].map((p) => link.searchParams.get(p)).join('.');

async function register(tag = 'vet', password = 'Sunny-Meadow-42') {
  const email = uniqueEmail(tag);
  const res = await post('register', { first_name: 'Jamie', last_name: 'Lee', email, password });
  expect(res.statusCode).toBe(200);
  return { email: email.toLowerCase(), password, ...(res.json() as { token: string; user: Record<string, unknown> }) };
}

async function registerVerified(tag = 'verified') {
  const account = await register(tag);
  const mail = await smtp.waitFor((m) => m.to.includes(account.email));
  const res = await post('token-verification', { token: tokenFromLink(verificationLinkOf(mail)) });
  expect(res.statusCode).toBe(200);
  return { ...account, token: res.json().token as string };
}

describe('register', () => {
  it('creates an unverified account, answers {token, user} and e-mails a verification link', async () => {
    const { email, token, user } = await register('new');
    expect(token.split('.')).toHaveLength(3);
    expect(user).toMatchObject({ email, first_name: 'Jamie', last_name: 'Lee', verify: false, manage_role: 'user', submit_at: null, payment: null });
    expect(Object.keys(user)).not.toContain('passwordHash');
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.raw).toMatch(/^From: Animal Doctor <.+>$/m);
    const link = verificationLinkOf(mail);
    expect(link.origin + link.pathname).toBe('http://localhost:3000/verify/token');
    expect(['firstpart', 'secondpart', 'thirdpart'].every((p) => link.searchParams.get(p))).toBe(true);
  });

  it('answers 201 with the spec text for an address already registered, in any letter case', async () => {
    const { email } = await register('dup');
    const res = await post('register', { first_name: 'A', last_name: 'B', email: email.toUpperCase(), password: 'Another-Pass-9' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(MESSAGES.emailAlreadyRegistered);
  });

  it('answers 202 with a sentence for a weak password and creates nothing', async () => {
    const email = uniqueEmail('weak');
    const short = await post('register', { first_name: 'A', last_name: 'B', email, password: 'short' });
    expect(short.statusCode).toBe(202);
    expect(short.body).toBe('The password must be at least 8 characters long.');
    const repeated = await post('register', { first_name: 'A', last_name: 'B', email, password: 'aaaaaaaaaa' });
    expect(repeated.statusCode).toBe(202);
    const common = await post('register', { first_name: 'A', last_name: 'B', email, password: 'password' });
    expect(common.statusCode).toBe(202);
    expect(common.body).toBe('This password is one of the most common passwords and is easy to guess. Please choose another one.');
    const rows = await app.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: [unknown, string][] = [
      [{ first_name: 'A', last_name: 'B', email: 'not-an-email', password: 'Good-Pass-123' }, 'email'],
      [{ first_name: 'A', email, password: 'Good-Pass-123' }, 'last_name'],
      [{ first_name: 42, last_name: 'B', email, password: 'Good-Pass-123' }, 'first_name'],
      [{ first_name: 'A'.repeat(500), last_name: 'B', email, password: 'Good-Pass-123' }, 'first_name'],
      [{ first_name: 'A', last_name: 'B', email, password: 'Good-Pass-123', manage_role: 'admin' }, 'manage_role'],
    ];
    for (const [body, field] of cases) {
      const res = await post('register', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, message: expect.not.stringMatching(/Field '|must match/) });
    }
    const malformed = await app.inject({ method: 'POST', url: '/api/user/register', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(await app.database.db.select().from(users).where(eq(users.email, email.toLowerCase()))).toHaveLength(0);
  });
});

describe('e-mail verification', () => {
  it('exchanges the link token once for a session of a verified account', async () => {
    const { email } = await register('link');
    const token = tokenFromLink(verificationLinkOf(await smtp.waitFor((m) => m.to.includes(email))));
    const first = await post('token-verification', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email, verify: true });
    const again = await post('token-verification', { token });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe('This verification link was already used. Please sign in.');
  });

  it('answers 201 with a text for a tampered, a session or an expired token', async () => {
    const { token: sessionToken, user } = await register('expired');
    expect((await post('token-verification', { token: 'a.b.c' })).body).toBe('This verification link is not valid.');
    expect((await post('token-verification', { token: sessionToken })).body).toBe('This verification link is not valid.');
    const expired = await new SignJWT({ purpose: 'verify_email', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(Date.now() / 1000) - 90_000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    const res = await post('token-verification', { token: expired });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('This verification link has expired. Please sign in and ask for a new one.');
  });

  it('sends the e-mail again at most once a minute', async () => {
    const { email, token } = await register('again');
    await smtp.waitFor((m) => m.to.includes(email));
    const soon = await post('send-verification-email', {}, bearer(token));
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number), message: expect.stringMatching(/wait \d+ seconds?/) });
    expect(soon.headers['retry-after']).toBe(String(soon.json().retryAfter));
    await app.database.db
      .update(users)
      .set({ lastVerificationEmailAt: new Date(Date.now() - 61_000) })
      .where(eq(users.email, email));
    const later = await post('send-verification-email', {}, bearer(token));
    expect(later.statusCode).toBe(200);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(2);
    expect((await post('send-verification-email', {})).statusCode).toBe(401);
  });
});

describe('login', () => {
  it('answers 200 for a verified account and 201 with a token for an unverified one', async () => {
    const verified = await registerVerified('login-ok');
    const ok = await post('login', { email: verified.email.toUpperCase(), password: verified.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ email: verified.email, verify: true });
    const unverified = await register('login-unverified');
    const res = await post('login', { email: unverified.email, password: unverified.password });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { verify: false } });
  });

  it('refuses a wrong pair with 401 and the spec text, the same for an unknown address', async () => {
    const { email } = await registerVerified('login-bad');
    for (const body of [
      { email, password: 'Wrong-Password-1' },
      { email: uniqueEmail('nobody'), password: 'Whatever-123' },
    ]) {
      const res = await post('login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.loginFailed, code: 'BAD_CREDENTIALS' });
    }
  });

  it('locks one client out of an account after 10 failures, while the owner signs in from elsewhere', async () => {
    const { email, password } = await registerVerified('lockout');
    const attacker = { remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    const owner = { remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < 10; i++) expect((await postFrom(attacker, 'login', { email, password: `Wrong-${i}-pass` })).statusCode).toBe(401);
    const locked = await postFrom(attacker, 'login', { email, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many sign-in attempts/) });
    expect((await postFrom(owner, 'login', { email, password })).statusCode).toBe(200);
  });

  it('forgets failures after a successful sign-in', async () => {
    const { email, password } = await registerVerified('forget');
    const client = { remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < 9; i++) expect((await postFrom(client, 'login', { email, password: `Wrong-${i}-pass` })).statusCode).toBe(401);
    expect((await postFrom(client, 'login', { email, password })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await postFrom(client, 'login', { email, password: `Again-${i}-pass` })).statusCode).toBe(401);
    expect((await postFrom(client, 'login', { email, password })).statusCode).toBe(200);
  });

  it('refuses a suspended account with 403 and ends its sessions', async () => {
    const { email, password, token } = await registerVerified('suspended');
    await app.database.db.update(users).set({ status: 'suspended' }).where(eq(users.email, email));
    const res = await post('login', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SUSPENDED');
    expect((await post('login-with-token', { token })).statusCode).toBe(401);
  });

  it('restores a session from a stored token, and refuses a bad one with the spec text', async () => {
    const { token, email } = await registerVerified('restore');
    const ok = await post('login-with-token', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email);
    const bad = await post('login-with-token', { token: `${token}x` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(MESSAGES.tokenLoginFailed);
  });
});

describe('password reset', () => {
  it('answers send-verify-code the same whether or not the account exists, e-mailing only a real one', async () => {
    const { email } = await registerVerified('reset-enum');
    const known = await post('send-verify-code', { email });
    const unknownEmail = uniqueEmail('ghost').toLowerCase();
    const unknown = await post('send-verify-code', { email: unknownEmail });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    await mailSettled(app);
    expect(smtp.messages.some((m) => m.to.includes(email) && /reset code/.test(m.subject))).toBe(true);
    expect(smtp.messages.some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it('opens a window with the right code in which the password changes and old sessions end', async () => {
    const { email, token: oldSession } = await registerVerified('reset');
    expect((await post('change-password', { email, password: 'Brand-New-Pass-7' })).statusCode).toBe(403);
    await post('send-verify-code', { email });
    const code = codeOf(await smtp.waitFor((m) => m.to.includes(email) && /reset code/.test(m.subject)));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('check-verify-code', { email, verifyCode: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toBe('The code is not correct. Please check the e-mail and try again.');
    const right = await post('check-verify-code', { email, verifyCode: Number(code) });
    expect(right.statusCode).toBe(200);
    const browser = { cookie: cookieOf(right) };
    const weak = await post('change-password', { email, password: 'short' }, browser);
    expect(weak.statusCode).toBe(400);
    const common = await post('change-password', { email, password: 'password' }, browser);
    expect(common.json()).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'This password is one of the most common passwords and is easy to guess. Please choose another one.',
    });
    const changed = await post('change-password', { email, password: 'Brand-New-Pass-7' }, browser);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['set-cookie']).toMatch(/^ad_reset=; .*Max-Age=0/);
    expect((await post('login-with-token', { token: oldSession })).statusCode).toBe(401);
    expect((await post('login', { email, password: 'Brand-New-Pass-7' })).statusCode).toBe(200);
    // The window closes once used.
    expect((await post('change-password', { email, password: 'Another-Pass-8' }, browser)).statusCode).toBe(403);
  });

  it('allows 5 tries per code, then asks for a new one', async () => {
    const { email } = await registerVerified('tries');
    await post('send-verify-code', { email });
    const code = codeOf(await smtp.waitFor((m) => m.to.includes(email) && /reset code/.test(m.subject)));
    const wrongCode = code === '123456' ? '654321' : '123456';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await post('check-verify-code', { email, verifyCode: wrongCode })).body);
    expect(answers.at(-1)).toBe('Too many wrong tries. Please ask for a new code.');
    const res = await post('check-verify-code', { email, verifyCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Too many wrong tries. Please ask for a new code.');
  });

  it('refuses a malformed code with a 400', async () => {
    const res = await post('check-verify-code', { email: 'a@example.com', verifyCode: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('newsletter', () => {
  it('e-mails a code with an unsubscribe link; the code confirms; the link asks first, and a POST unsubscribes', async () => {
    const email = uniqueEmail('news').toLowerCase();
    expect((await post('send-subscribe-verify-code', { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const confirm = await post('check-subscribe-verify-code', { email, verifyCode: codeOf(mail) });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe(MESSAGES.subscribed);
    const again = await post('send-subscribe-verify-code', { email });
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe('This e-mail is already subscribed.');
    const link = new URL(/http:\/\/localhost:3000\/unsubscribe\?token=[\w-]+/.exec(mail.decoded)![0]);
    const token = link.searchParams.get('token')!;
    // RFC 8058 one-click unsubscribe headers.
    const headers = unfold(mail.raw);
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <http://localhost:3000/api/newsletter/unsubscribe\\?token=${token}>$`, 'm'));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // An old-style API link (or a mail scanner) never unsubscribes by GET: it leads to the page that asks.
    const scanned = await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${token}` });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/unsubscribe?token=${token}`);
    const [before] = await app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(before?.status).toBe('confirmed');
    const res = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/will not receive the Animal Doctor newsletter/);
    const [row] = await app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row?.status).toBe('unsubscribed');
  });

  it('unsubscribes by RFC 8058 one-click POST, and refuses an unknown token', async () => {
    const email = uniqueEmail('one-click').toLowerCase();
    await post('send-subscribe-verify-code', { email });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const oneClick = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(unfold(mail.raw))![1]!);
    const res = await app.inject({
      method: 'POST',
      url: oneClick.pathname + oneClick.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row?.status).toBe('unsubscribed');
    const unknown = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: 'no-such-token-at-all' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('refuses a wrong code with a text', async () => {
    const email = uniqueEmail('news-wrong').toLowerCase();
    await post('send-subscribe-verify-code', { email });
    const code = codeOf(await smtp.waitFor((m) => m.to.includes(email)));
    const res = await post('check-subscribe-verify-code', { email, verifyCode: code === '999999' ? '999998' : '999999' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/plain');
  });
});

describe('e-mail outbox', () => {
  it('keeps messages while the SMTP server refuses, then delivers each exactly once', async () => {
    smtp.refusing = true;
    const emails = [uniqueEmail('outbox1'), uniqueEmail('outbox2'), uniqueEmail('outbox3')].map((e) => e.toLowerCase());
    for (const email of emails) expect((await post('send-subscribe-verify-code', { email })).statusCode).toBe(200);
    await expect.poll(() => smtp.refusedCount, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const pending = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, emails[0]!));
    expect(pending[0]).toMatchObject({ status: 'pending', attempts: expect.any(Number) });
    expect(pending[0]!.attempts).toBeGreaterThanOrEqual(1);
    smtp.refusing = false;
    for (const email of emails) await smtp.waitFor((m) => m.to.includes(email), 30_000);
    await mailSettled(app);
    for (const email of emails) expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    const rows = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, emails[2]!));
    expect(rows[0]).toMatchObject({ status: 'sent', lastError: null });
  });
});
