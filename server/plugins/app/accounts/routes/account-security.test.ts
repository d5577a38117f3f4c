// The account rows of the security review (docs/security.md), each as an attacker or a user meets
// it: real database, real SMTP, real HTTP through inject (raw sockets are in security.test.ts).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, uniqueEmail } from '../../../../test/factories';
import { codeOf, mailSettled, startSmtpCapture, verificationLinkOf, type SmtpCapture } from '../../../../test/smtp-capture';
import { users } from '../../../../db/schema';
import { hashPassword } from '../../../../lib/password';
import { CODE_MESSAGES, CODE_TRIES, CODE_TTL_MS, RESET_WINDOW_MS } from '../codes';
import { createTestClock } from '../../../../lib/clock';

let app: FastifyInstance;
let smtp: SmtpCapture;
/** The app's clock: the throttle's delays pass when a test moves it. */
const clock = createTestClock();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp(
    {
      SMTP_URL: smtp.url,
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
      CODES_PER_HOUR: '10',
      MAIL_PER_CLIENT_PER_HOUR: '20',
    },
    { clock },
  );
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A fresh client address, so per-client limits (possibly in a shared Redis) never carry over. */
const newClient = () => `10.${20 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
const post = (url: string, payload: unknown, from: { ip?: string; cookie?: string; token?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/user/${url}`,
    payload: payload as object,
    remoteAddress: from.ip ?? newClient(),
    headers: { ...(from.cookie ? { cookie: from.cookie } : {}), ...(from.token ? { authorization: `Bearer ${from.token}` } : {}) },
  });
let address: string | undefined;
/** The app on a real port (for races that need real concurrent connections). */
async function listening(): Promise<string> {
  address ??= await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0]!;
const tokenFromLink = (link: URL) => ['firstpart', 'secondpart', 'thirdpart'].map((p) => link.searchParams.get(p)).join('.');
const resetMailFor = (email: string) => smtp.waitFor((m) => m.to.includes(email) && /reset code/.test(m.subject));

async function resetCode(email: string, ip = newClient()) {
  expect((await post('send-verify-code', { email }, { ip })).statusCode).toBe(200);
  return codeOf(await resetMailFor(email));
}

describe('row 1: the reset window belongs to the browser that entered the code', () => {
  it('refuses change-password from a second client that knows only the address', async () => {
    const { user } = await createAccount(app);
    const owner = newClient();
    const code = await resetCode(user.email, owner);
    const checked = await post('check-verify-code', { email: user.email, verifyCode: code }, { ip: owner });
    expect(checked.statusCode).toBe(200);
    expect(checked.headers['set-cookie']).toMatch(/^ad_reset=[\w-]{40,}; Path=\/api\/user; Max-Age=900; HttpOnly; SameSite=Strict$/);
    // The attacker, inside the window, without the owner's cookie or with one made up:
    const takeover = await post('change-password', { email: user.email, password: 'Attacker-Chosen-77' });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().code).toBe('NO_RESET_WINDOW');
    expect((await post('change-password', { email: user.email, password: 'Attacker-Chosen-77' }, { cookie: `ad_reset=${'x'.repeat(43)}` })).statusCode).toBe(
      403,
    );
    // The owner's browser still can, once.
    const browser = { ip: owner, cookie: cookieOf(checked) };
    expect((await post('change-password', { email: user.email, password: 'Owner-Chosen-88' }, browser)).statusCode).toBe(200);
    expect((await post('change-password', { email: user.email, password: 'Owner-Again-99' }, browser)).statusCode).toBe(403);
    expect((await post('login', { email: user.email, password: 'Attacker-Chosen-77' })).statusCode).toBe(401);
    expect((await post('login', { email: user.email, password: 'Owner-Chosen-88' })).statusCode).toBe(200);
  });

  it("does not let one address's cookie open another address's window", async () => {
    const [a, b] = [await createAccount(app), await createAccount(app)];
    const checkedA = await post('check-verify-code', { email: a.user.email, verifyCode: await resetCode(a.user.email) });
    await post('check-verify-code', { email: b.user.email, verifyCode: await resetCode(b.user.email) }); // b's owner opened a window too
    const res = await post('change-password', { email: b.user.email, password: 'Cross-Account-55' }, { cookie: cookieOf(checkedA) });
    expect(res.statusCode).toBe(403);
  });
});

describe('row 2: code tries cannot be raced', () => {
  it(`compares at most ${CODE_TRIES} codes when 200 tries arrive at once, the right one last`, async () => {
    const { user } = await createAccount(app);
    const code = await resetCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [...Array.from({ length: 199 }, () => wrong), code];
    // Over real sockets, so the calls arrive as concurrently as a client can make them.
    const base = await listening();
    const answers = await Promise.all(
      tries.map(async (verifyCode) => {
        const res = await fetch(`${base}/api/user/check-verify-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, verifyCode }),
        });
        return { statusCode: res.status, body: await res.text() };
      }),
    );
    const compared = answers.filter((r) => r.statusCode === 200 || r.body === 'The code is not correct. Please check the e-mail and try again.');
    expect(compared.length).toBeLessThanOrEqual(CODE_TRIES);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(0); // 5 wrong ones came first
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
  });
});

describe('row 3 and row 11: sign-in throttling', () => {
  it('verifies exactly 11 passwords when 200 wrong sign-ins from 200 clients arrive at once', async () => {
    const { user } = await createAccount(app);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post('login', { email: user.email, password: `Wrong-guess-${i}` })));
    // 10 free tries and one through the first 1-second gate; the clock stands still, so however
    // slowly the burst arrives no further gate opens.
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(11);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(189);
  });

  it('verifies at most 10 passwords when 200 wrong sign-ins from one client arrive at once', async () => {
    const { user } = await createAccount(app);
    const ip = newClient();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post('login', { email: user.email, password: `Wrong-guess-${i}` }, { ip })));
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(10);
  });

  it('slows an account down with growing delays instead of locking it, and a success resets them', async () => {
    const { user, password } = await createAccount(app);
    for (let i = 0; i < 10; i++) expect((await post('login', { email: user.email, password: `Wrong-${i}` })).statusCode).toBe(401);
    expect((await post('login', { email: user.email, password: 'Wrong-11' })).statusCode).toBe(401); // passes, and holds the gate 1 s
    const held = await post('login', { email: user.email, password: 'Wrong-12' });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1, message: 'Too many sign-in attempts. Please wait 1 second and try again.' });
    expect(held.headers['retry-after']).toBe('1');
    clock.advance(999);
    expect((await post('login', { email: user.email, password: 'Wrong-13' })).statusCode).toBe(429); // not yet
    clock.advance(1);
    expect((await post('login', { email: user.email, password: 'Wrong-13' })).statusCode).toBe(401); // the next gate is 2 s
    expect((await post('login', { email: user.email, password }, {})).json()).toMatchObject({ retryAfter: 2 });
    clock.advance(2000);
    expect((await post('login', { email: user.email, password })).statusCode).toBe(200);
    // Forgotten: the next failures are answered at once again.
    expect((await post('login', { email: user.email, password: 'Wrong-again-1' })).statusCode).toBe(401);
    expect((await post('login', { email: user.email, password: 'Wrong-again-2' })).statusCode).toBe(401);
  });
});

describe('row 5: verification links end with the password', () => {
  it('refuses an unused verification link after the password was changed', async () => {
    const email = uniqueEmail('link-after-reset');
    expect((await post('register', { first_name: 'Lee', last_name: 'Park', email, password: 'Sunny-Meadow-42' })).statusCode).toBe(200);
    const token = tokenFromLink(verificationLinkOf(await smtp.waitFor((m) => m.to.includes(email))));
    const ip = newClient();
    const checked = await post('check-verify-code', { email, verifyCode: await resetCode(email, ip) }, { ip });
    expect((await post('change-password', { email, password: 'Rainy-Valley-43' }, { ip, cookie: cookieOf(checked) })).statusCode).toBe(200);
    const res = await post('token-verification', { token });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('This verification link is not valid.');
  });
});

describe('row 6: send budgets', () => {
  it('keeps the password reset working after 10 newsletter sign-ups for the same address', async () => {
    const { user } = await createAccount(app);
    for (let i = 0; i < 10; i++) expect((await post('send-subscribe-verify-code', { email: user.email })).statusCode).toBe(200);
    expect((await post('send-subscribe-verify-code', { email: user.email })).statusCode).toBe(429);
    await resetCode(user.email);
  });

  it('caps the e-mails one client can cause, newsletter included', async () => {
    const ip = newClient();
    const emails = Array.from({ length: 30 }, () => uniqueEmail('news-flood'));
    const answers = [];
    for (const email of emails) answers.push((await post('send-subscribe-verify-code', { email }, { ip })).statusCode);
    expect(answers.filter((s) => s === 200)).toHaveLength(20);
    expect(answers.slice(20).every((s) => s === 429)).toBe(true);
    await mailSettled(app);
    expect(smtp.messages.filter((m) => emails.some((e) => m.to.includes(e))).length).toBe(20);
    // The same client is refused a reset code and a sign-up too.
    expect((await post('send-verify-code', { email: uniqueEmail('other') }, { ip })).statusCode).toBe(429);
  });

  it('counts send-verification-email in the hourly budget of verification e-mails', async () => {
    const email = uniqueEmail('resend');
    const registered = await post('register', { first_name: 'Ana', last_name: 'Ruiz', email, password: 'Sunny-Meadow-42' });
    const { token } = registered.json() as { token: string };
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      await app.database.db
        .update(users)
        .set({ lastVerificationEmailAt: new Date(clock.now().getTime() - 61_000) })
        .where(eq(users.email, email));
      statuses.push((await post('send-verification-email', {}, { token })).statusCode);
    }
    expect(statuses.slice(0, 9).every((s) => s === 200)).toBe(true); // register spent one of 10
    expect(statuses[9]).toBe(429);
  });

  it('sends at most one verification e-mail a minute however many calls arrive at once', async () => {
    const email = uniqueEmail('resend-race');
    const { token } = (await post('register', { first_name: 'Ana', last_name: 'Ruiz', email, password: 'Sunny-Meadow-42' })).json() as { token: string };
    await smtp.waitFor((m) => m.to.includes(email));
    await app.database.db
      .update(users)
      .set({ lastVerificationEmailAt: new Date(clock.now().getTime() - 61_000) })
      .where(eq(users.email, email));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('send-verification-email', {}, { token })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('caps the e-mails of one purpose per recipient per day', async () => {
    const daily = await buildTestApp({ SMTP_URL: smtp.url, CODES_PER_HOUR: '50', MAIL_PER_ADDRESS_PER_DAY: '3' });
    try {
      const email = uniqueEmail('daily');
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await daily.inject({ method: 'POST', url: '/api/user/send-subscribe-verify-code', payload: { email }, remoteAddress: newClient() })).statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await daily.close();
    }
  });
});

describe('row 12: answers that could tell whether an account exists', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('answers send-verify-code in the same time (median of 30, within 1 ms) whether or not the account exists', async () => {
    const known = await Promise.all(Array.from({ length: 30 }, () => createAccount(app)));
    const timings = { known: [] as number[], unknown: [] as number[] };
    // Warm up the route and the validator once.
    await post('send-verify-code', { email: uniqueEmail('warm') });
    for (let i = 0; i < 30; i++) {
      const pair = [
        ['known', known[i]!.user.email],
        ['unknown', uniqueEmail('nobody')],
      ] as const;
      for (const [kind, email] of i % 2 === 0 ? pair : [...pair].reverse()) {
        // The previous call's queued work and its e-mail are done: they cannot slow this one. NOTE:
        // the test's SMTP server runs in this process, so its handling of the previous e-mail would
        // otherwise land inside the next measurement.
        await app.accounts.settled();
        await app.mailer.processDue();
        await smtp.closed(); // and the SMTP exchange that followed has closed
        const started = performance.now();
        const res = await post('send-verify-code', { email });
        timings[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
    }
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(1);
    await resetMailFor(known[29]!.user.email); // and the real account did get its code
  });

  it('checks the reset window before hashing the new password', async () => {
    const { user } = await createAccount(app);
    const hashes: number[] = [];
    const refusals: number[] = [];
    for (let i = 0; i < 30; i++) {
      let started = performance.now();
      await hashPassword(`Some-New-Password-${i}`);
      hashes.push(performance.now() - started);
      started = performance.now();
      const res = await post('change-password', { email: user.email, password: `Some-New-Password-${i}` });
      refusals.push(performance.now() - started);
      expect(res.statusCode).toBe(403);
    }
    expect(median(refusals)).toBeLessThan(median(hashes) / 2);
  });
});

describe('row 13: token answers are never cached', () => {
  it('sends Cache-Control: no-store on sign-up, sign-in, link exchange and code answers', async () => {
    const email = uniqueEmail('nostore');
    const registered = await post('register', { first_name: 'No', last_name: 'Store', email, password: 'Sunny-Meadow-42' });
    const signedIn = await post('login', { email, password: 'Sunny-Meadow-42' });
    const restored = await post('login-with-token', { token: signedIn.json().token });
    const checked = await post('check-verify-code', { email, verifyCode: '123456' });
    const news = await post('send-subscribe-verify-code', { email: `n-${randomUUID().slice(0, 8)}@example.com` });
    for (const res of [registered, signedIn, restored, checked, news]) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('time limits follow the app clock (docs/decisions/095-one-clock.md)', () => {
  const newestResetCode = async (email: string) => {
    await mailSettled(app);
    return codeOf(smtp.messages.filter((m) => m.to.includes(email) && /reset code/.test(m.subject)).at(-1)!);
  };

  it('takes a reset code for 10 minutes and keeps its window open for 15', async () => {
    const { user } = await createAccount(app);
    const ip = newClient();
    expect((await post('send-verify-code', { email: user.email }, { ip })).statusCode).toBe(200);
    const stale = await newestResetCode(user.email);
    clock.advance(CODE_TTL_MS);
    const late = await post('check-verify-code', { email: user.email, verifyCode: stale }, { ip });
    expect([late.statusCode, late.body]).toEqual([400, CODE_MESSAGES.expired]);

    expect((await post('send-verify-code', { email: user.email }, { ip })).statusCode).toBe(200);
    const fresh = await newestResetCode(user.email);
    clock.advance(CODE_TTL_MS - 1);
    const checked = await post('check-verify-code', { email: user.email, verifyCode: fresh }, { ip });
    expect(checked.statusCode).toBe(200);
    clock.advance(RESET_WINDOW_MS);
    const change = await post('change-password', { email: user.email, password: 'Late-Chosen-77' }, { ip, cookie: cookieOf(checked) });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('NO_RESET_WINDOW');
  });

  it("gives a client its hour's e-mail budget back when the hour has passed, not before", async () => {
    const ip = newClient();
    const ask = async () => (await post('send-subscribe-verify-code', { email: uniqueEmail('hourly') }, { ip })).statusCode;
    for (let i = 0; i < 20; i++) expect(await ask()).toBe(200);
    expect(await ask()).toBe(429);
    clock.advance(60 * 60_000 - 1);
    expect(await ask()).toBe(429);
    clock.advance(1);
    expect(await ask()).toBe(200);
  });
});
