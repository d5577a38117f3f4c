// The contact form is no relay (docs/security.md, second review, row 1; docs/product.md, 5.7): a new
// contact address receives nothing until its holder confirms it by the e-mailed link; confirmations
// spend the send budgets; a listed practice's new name or contact address goes back to review; no
// clinic name reaches a subject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { buildTestApp } from '../../../test/helper';
import { createAccount, createVet, injectAs, uniqueEmail, type Account } from '../../../test/factories';
import { mailSettled, startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../test/smtp-capture';
import { insertTestZips } from '../../../test/profile-fixtures';
import { auditLog, contactMessages, emailOutbox } from '../../../db/schema';
import { updateUser } from '../users/index';
import type { User } from '../../../../shared/types/user';

let app: FastifyInstance;
let smtp: SmtpCapture;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url });
  await insertTestZips(app);
  admin = await createAccount(app, { stage: 'admin' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A fresh client address per call, so limits never leak between tests or runs (Redis keeps them). */
const newIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;
const contact = (vet: Account, overrides: Record<string, unknown> = {}, ip = newIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/doctors/contact',
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER },
    payload: { id: vet.user.id, name: 'Jordan Petowner', email: uniqueEmail('owner'), message: 'Do you see rabbits for dental checks?', ...overrides },
  });
const proVet = async (options: { clinicName?: string } = {}) => {
  const vet = await createVet(app, { plan: 2, ...options });
  // NOTE: vet ids restart with each test database; a Redis counter of an earlier run must not count.
  await app.counters.reset(`contact:vet:${vet.user.id}`);
  return vet;
};
const contactInfo = (overrides: Record<string, string> = {}) => ({
  clinic_name: 'Harbor Animal Clinic',
  contact_phone: '(212) 555-0142',
  contact_email: uniqueEmail('desk'),
  street: '1 Test Street',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  ...overrides,
});
const changeContactInfo = (vet: Account, body: Record<string, string>, ip = newIp()) =>
  injectAs(app, vet.token, { url: '/api/user/change-contact-info', payload: body, remoteAddress: ip });
const approve = (vet: Account) =>
  injectAs(app, admin.token, { url: '/api/admin/review-profile', payload: { user_id: vet.user.id, decision: 'approve', reason: '' } });
const outboxTo = (address: string) => app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
const tokenOf = (mail: CapturedMail) => /\/verify\/contact\?token=([\w.-]+)/.exec(mail.decoded)![1]!;
const confirm = (token: string) => app.inject({ method: 'POST', url: '/api/user/verify-contact-email', payload: { token } });
describe('a new contact address', () => {
  it('receives nothing until its holder opens the link e-mailed to it; until then messages go to the account e-mail', async () => {
    const vet = await proVet();
    const desk = uniqueEmail('desk');
    const changed = await changeContactInfo(vet, contactInfo({ contact_email: desk }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json<User>().profile).toMatchObject({ contact_email: desk, contact_email_confirmed: false });

    // The link e-mail carries no text the vet typed, not even the clinic's name.
    const linkMail = await smtp.waitFor((m) => m.to.includes(desk));
    expect(linkMail.subject).toBe("Confirm a practice's contact address on Animal Doctor");
    expect(linkMail.decoded).not.toContain('Harbor');

    expect((await approve(vet)).statusCode).toBe(200);
    const body = { email: uniqueEmail('owner') };
    expect((await contact(vet, body)).statusCode).toBe(200);
    const toAccount = await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.subject.startsWith('New message') && m.raw.includes(body.email));
    expect(toAccount.decoded).toContain('dental checks');
    await mailSettled(app);
    expect(smtp.messages.filter((m) => m.to.includes(desk))).toHaveLength(1);

    const confirmed = await confirm(tokenOf(linkMail));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toContain(desk);
    const me = await injectAs(app, vet.token, { url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(me.json<{ user: User }>().user.profile).toMatchObject({ contact_email_confirmed: true });

    const after = { email: uniqueEmail('owner') };
    expect((await contact(vet, after)).statusCode).toBe(200);
    await smtp.waitFor((m) => m.to.includes(desk) && m.subject.startsWith('New message') && m.raw.includes(after.email));

    // The link works once.
    const again = await confirm(tokenOf(linkMail));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_USED', message: 'This confirmation link was already used.' });
  });

  it('is confirmed only by the holder of its link: not by a forged, altered or other token, nor after the address changed again', async () => {
    const vet = await proVet();
    const desk = uniqueEmail('desk');
    expect((await changeContactInfo(vet, contactInfo({ contact_email: desk }))).statusCode).toBe(200);
    const token = tokenOf(await smtp.waitFor((m) => m.to.includes(desk)));
    const [header, , signature] = token.split('.');

    const forged = await new SignJWT({ purpose: 'verify_contact', ver: vet.user.tokenVersion, email: desk })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(vet.user.id))
      .setJti('forged')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const otherAddress = Buffer.from(
      JSON.stringify({ purpose: 'verify_contact', ver: vet.user.tokenVersion, email: uniqueEmail('evil'), sub: String(vet.user.id), jti: 'x', exp: 9e9 }),
    ).toString('base64url');
    const emailLink = await app.tokens.sign(vet.user.id, 'verify_email', vet.user.tokenVersion);
    for (const wrong of [forged, `${header}.${otherAddress}.${signature}`, vet.token, emailLink, 'not-a-token']) {
      const answer = await confirm(wrong);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'LINK_INVALID',
        message: 'This confirmation link is not valid. The practice can send a new one from its profile.',
      });
    }
    // The signed-in vet has no call that confirms without the link.
    const me = await injectAs(app, vet.token, { url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(me.json<{ user: User }>().user.profile).toMatchObject({ contact_email_confirmed: false });

    // The address changed again before the link was opened: the old link confirms nothing.
    const next = uniqueEmail('desk');
    expect((await changeContactInfo(vet, contactInfo({ contact_email: next }))).statusCode).toBe(200);
    const stale = await confirm(token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'LINK_STALE' });
    await updateUser(app.database.db, vet.user.id, { reviewState: 'approved' }, new Date());
    const message = { email: uniqueEmail('owner') };
    expect((await contact(vet, message)).statusCode).toBe(200);
    await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.raw.includes(message.email));
    await mailSettled(app);
    expect(smtp.messages.filter((m) => (m.to.includes(desk) || m.to.includes(next)) && m.subject.startsWith('New message'))).toHaveLength(0);
  });

  it("an address equal to the account's verified e-mail counts as confirmed; the link can be sent again, within the send budget", async () => {
    const vet = await proVet();
    const me = await injectAs(app, vet.token, { url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(me.json<{ user: User }>().user.profile).toMatchObject({ contact_email: vet.user.email, contact_email_confirmed: true });
    const already = await injectAs(app, vet.token, { url: '/api/user/send-contact-link', payload: {} });
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ code: 'ALREADY_CONFIRMED' });

    const desk = uniqueEmail('desk');
    expect((await changeContactInfo(vet, contactInfo({ contact_email: desk }))).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1)
      codes.push((await injectAs(app, vet.token, { url: '/api/user/send-contact-link', payload: {}, remoteAddress: newIp() })).statusCode);
    // The change's own link and nine more make ten: the recipient's hourly budget for this purpose.
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(codes.at(-1)).toBe(429);
    expect(await outboxTo(desk)).toHaveLength(10);
    const refusedLink = await injectAs(app, vet.token, { url: '/api/user/send-contact-link', payload: {} });
    expect(refusedLink.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many e-mails were requested/) });

    // A change to an address whose budget is spent is refused and changes nothing.
    const other = uniqueEmail('desk');
    expect((await changeContactInfo(vet, contactInfo({ contact_email: other }))).statusCode).toBe(200);
    const refused = await changeContactInfo(vet, contactInfo({ contact_email: desk }));
    expect(refused.statusCode).toBe(429);
    const me2 = await injectAs(app, vet.token, { url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(me2.json<{ user: User }>().user.profile).toMatchObject({ contact_email: other });
    expect(await outboxTo(desk)).toHaveLength(10);
  });
});

describe('contact-form confirmations', () => {
  it('spend the per-recipient budget: six clients cannot put 60 confirmations into one inbox', async () => {
    const [a, b] = [await proVet(), await proVet()];
    const victim = uniqueEmail('victim');
    const answers = [];
    for (let client = 0; client < 6; client += 1) {
      const ip = newIp();
      answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => contact(i % 2 ? a : b, { email: victim }, ip)))));
    }
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50);
    expect(answers.find((r) => r.statusCode === 429)!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await outboxTo(victim)).toHaveLength(10);
    const stored = await app.database.db.select().from(contactMessages).where(eq(contactMessages.email, victim));
    expect(stored).toHaveLength(10);
  }, 30_000);

  it("spend the client's budget for all e-mail together", async () => {
    const vet = await proVet();
    const ip = newIp();
    // Twenty newsletter codes use up this client's e-mail for the hour.
    for (let i = 0; i < 20; i += 1) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/user/send-subscribe-verify-code',
        payload: { email: uniqueEmail('news') },
        remoteAddress: ip,
      });
      expect(answer.statusCode).toBeLessThan(300);
    }
    const email = uniqueEmail('owner');
    const refused = await contact(vet, { email }, ip);
    expect(refused.statusCode).toBe(429);
    expect(await outboxTo(email)).toHaveLength(0);
    expect((await contact(vet, {}, newIp())).statusCode).toBe(200);
  });

  it('carry no clinic name in their subject, and a clinic name with a line break is refused', async () => {
    const vet = await proVet({ clinicName: 'URGENT: your bank account is locked, call 555-0100' });
    const email = uniqueEmail('owner');
    expect((await contact(vet, { email })).statusCode).toBe(200);
    const copy = await smtp.waitFor((m) => m.to.includes(email));
    expect(copy.subject).toBe('Your message was sent through Animal Doctor');
    const toVet = await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.raw.includes(email));
    expect(toVet.raw).not.toMatch(/^To:.*URGENT/im);

    const injected = await changeContactInfo(vet, contactInfo({ clinic_name: 'Harbor\r\nBcc: victim@example.com' }));
    expect(injected.statusCode).toBe(202);
    expect(injected.body).toBe('Enter the clinic or hospital name on one line, in plain letters.');
  });
});

describe('a listed practice', () => {
  it('goes back to review when its clinic name or contact e-mail changes, and reaches no e-mail until approved', async () => {
    const vet = await proVet();
    const same = contactInfo({ clinic_name: `Test Clinic ${vet.user.id}`, contact_email: vet.user.email });
    // Saving the same name and address (and other edits) keeps it listed.
    expect((await changeContactInfo(vet, same)).json<User>().profile).toMatchObject({ review_state: 'approved' });
    expect((await injectAs(app, vet.token, { url: '/api/user/change-summary', payload: { summary: 'Rabbits welcome.' } })).json<User>().profile).toMatchObject({
      review_state: 'approved',
    });

    const renamed = await changeContactInfo(vet, { ...same, clinic_name: 'Your parcel is waiting: pay the fee at evil.example' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<User>().profile).toMatchObject({ review_state: 'pending' });
    const email = uniqueEmail('owner');
    expect((await contact(vet, { email })).statusCode).toBe(404);
    expect(await outboxTo(email)).toHaveLength(0);
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(vet.user.id)), eq(auditLog.action, 'profile.changed')));
    expect(entries.find((e) => (e.details as { section?: string }).section === 'contact_info')!.details).toMatchObject({
      back_to_review: true,
      changes: { clinic_name: { to: 'Your parcel is waiting: pay the fee at evil.example' } },
    });

    expect((await approve(vet)).statusCode).toBe(200);
    expect((await contact(vet, { email })).statusCode).toBe(200);

    const moved = await changeContactInfo(vet, {
      ...same,
      clinic_name: 'Your parcel is waiting: pay the fee at evil.example',
      contact_email: uniqueEmail('desk'),
    });
    expect(moved.json<User>().profile).toMatchObject({ review_state: 'pending' });
    expect((await contact(vet)).statusCode).toBe(404);
  });
});
