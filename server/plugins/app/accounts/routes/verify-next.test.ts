// Where a person was going survives the verification e-mail (docs/product.md section 26): register and 'Send again'
// take `next`, and the e-mailed link carries it only when it is a path of this site; a hostile one is dropped.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { startSmtpCapture, verificationLinkOf, type SmtpCapture } from '../../../../test/smtp-capture';
import { users } from '../../../../db/schema';

let app: FastifyInstance;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, CODES_PER_HOUR: '50' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/user/${url}`,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

/** Registers with `next` and answers the account's token and the `next` of the link it was e-mailed. */
async function registerWith(next: unknown) {
  const email = `next-${randomUUID().slice(0, 8)}@example.com`;
  const res = await post('register', { first_name: 'Ari', last_name: 'Stone', email, password: 'Sunny-Meadow-42', account_type: 'owner', next });
  expect(res.statusCode, res.body).toBe(200);
  const link = verificationLinkOf(await smtp.waitFor((m) => m.to.includes(email)));
  return { email, token: res.json().token as string, linkNext: link.searchParams.get('next'), link };
}

describe('the verification link carries where the person was going', () => {
  it('keeps a path of this site, query and fragment included', async () => {
    const next = '/viewdoctorprofile/12?request=open#appointment';
    const { linkNext, link } = await registerWith(next);
    expect(linkNext).toBe(next);
    expect(link.pathname).toBe('/verify/token');
    expect(['firstpart', 'secondpart', 'thirdpart'].every((p) => link.searchParams.get(p))).toBe(true);
  });

  it('drops a next that leads off the site, and the account is still created', async () => {
    for (const hostile of ['//evil.com', '/\\evil.com', 'https://evil.com/claim/1', '/\t/evil.com', 'javascript:alert(1)']) {
      const { linkNext, link } = await registerWith(hostile);
      expect(linkNext, hostile).toBeNull();
      expect(link.href).not.toMatch(/evil|javascript/);
    }
  });

  it('has no next without one', async () => {
    expect((await registerWith(undefined)).linkNext).toBeNull();
  });

  it('refuses a next that is not text with a sentence naming it, and creates nothing', async () => {
    const email = `next-bad-${randomUUID().slice(0, 8)}@example.com`;
    const res = await post('register', { first_name: 'Ari', last_name: 'Stone', email, password: 'Sunny-Meadow-42', next: { path: '/home' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toMatch(/next/);
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("'Send again' carries the next it is given, and drops a hostile one", async () => {
    const { email, token } = await registerWith('/services?buy=3&period=month');
    const allowAnother = () =>
      app.database.db
        .update(users)
        .set({ lastVerificationEmailAt: new Date(Date.now() - 61_000) })
        .where(eq(users.email, email));
    await allowAnother();
    expect((await post('send-verification-email', { next: '/claim/7' }, token)).statusCode).toBe(200);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(2);
    expect(verificationLinkOf(smtp.messages.filter((m) => m.to.includes(email))[1]!).searchParams.get('next')).toBe('/claim/7');
    await allowAnother();
    expect((await post('send-verification-email', { next: '//evil.com' }, token)).statusCode).toBe(200);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(3);
    expect(verificationLinkOf(smtp.messages.filter((m) => m.to.includes(email))[2]!).searchParams.get('next')).toBeNull();
  });
});
