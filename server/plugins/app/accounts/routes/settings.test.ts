// Account settings (docs/product.md section 25) as a client meets them: a visitor gets 401 before any
// validation; the name; the e-mail change (password, taken address, the link to the new address through a
// real SMTP server, the old address told, single use, expiry, a newer link replacing an older one, an
// address taken meanwhile, the send budget); the password (wrong current one counted like a failed
// sign-in, weak one refused, other sessions ended, this one continued); and the e-mail preferences,
// honoured by the mailer for appointment updates, reminders and review invitations, and the newsletter.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, FACTORY_PASSWORD, injectAs, uniqueEmail, type Account } from '../../../../test/factories';
import { mailSettled, startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../../test/smtp-capture';
import { createTestClock } from '../../../../lib/clock';
import { appointments, emailOutbox, newsletterSubscribers } from '../../../../db/schema';
import { APPOINTMENT_SUBJECTS } from '../../appointments/index';
import { SETTINGS_MESSAGES } from '../account-settings';
import { openingSlots } from '../../../../../shared/lib/appointment-rules';
import { DAYS } from '../../../../../shared/constants/days';
import type { AccountSettings } from '../../../../../shared/schemas/account-settings';

const clock = createTestClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOURS = DAYS.map((day) => ({ day, closed: day === 'sun', open: '09:00', close: '17:00' }));
const NEW_PASSWORD = 'Sturdy-Lantern-Orchard-42';
let app: FastifyInstance;
let smtp: SmtpCapture;
let clientCounter = 0;
const newClient = () => `10.36.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp(
    { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000000', MAIL_PER_CLIENT_PER_HOUR: '100000', LOGIN_FAILURES_PER_ACCOUNT: '3', CODES_PER_HOUR: '3' },
    { clock },
  );
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(() => clock.reset());

const call = (token: string | undefined, url: string, payload?: unknown, remoteAddress = '10.36.0.1') =>
  injectAs(app, token, { url: `/api/user/settings${url}`, payload: payload as object, remoteAddress });
const settingsOf = async (token: string) => {
  const answer = await injectAs(app, token, { method: 'GET', url: '/api/user/settings' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AccountSettings>();
};
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
const mailTo = (address: string, subject: string) => (mail: CapturedMail) => mail.to.includes(address) && mail.subject === subject;
const linkOf = (mail: CapturedMail) => {
  const match = /https?:\/\/[^\s"<>]+\/account\/email\?token=[^\s"<>]+/.exec(mail.decoded);
  if (!match) throw new Error(`no link in ${mail.decoded.slice(0, 400)}`);
  return new URL(match[0].replace(/&amp;/g, '&')).searchParams.get('token')!;
};
/** Resolves once every e-mail written so far was handed to the SMTP server. */
const quiet = async () => {
  await mailSettled(app);
  await smtp.closed();
};

describe('who may call', () => {
  it('a visitor, a forged token and a suspended account get 401 before the body is looked at', async () => {
    const suspended = await createAccount(app, { stage: 'suspended' });
    const forged = `${(await createAccount(app)).token.slice(0, -4)}AAAA`;
    for (const token of [undefined, forged, suspended.token]) {
      for (const [url, body] of [
        ['', {}],
        ['/name', { first_name: 7 }],
        ['/email', { nonsense: true }],
        ['/password', {}],
        ['/notifications', { newsletter: 'yes' }],
      ] as const) {
        const answer = await call(token, url, body);
        expect(answer.statusCode, `${url} ${answer.body}`).toBe(401);
        expect(answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
    }
    expect((await injectAs(app, undefined, { method: 'GET', url: '/api/user/settings' })).statusCode).toBe(401);
  });
});

describe('name', () => {
  it('changes the name, shows it in the settings and in the session user; a blank or malformed name is refused with a sentence', async () => {
    const account = await createAccount(app, { firstName: 'Casey', lastName: 'Tester' });
    const saved = await call(account.token, '/name', { first_name: '  Jordan ', last_name: "O'Neill" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Your name was saved.', settings: { first_name: 'Jordan', last_name: "O'Neill" } });
    const session = await app.inject({ method: 'POST', url: '/api/user/login-with-token', payload: { token: account.token } });
    expect(session.json()).toMatchObject({ user: { first_name: 'Jordan', last_name: "O'Neill" } });

    const blank = await call(account.token, '/name', { first_name: '   ', last_name: 'Smith' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: expect.stringContaining('first name'), field: 'first_name' });
    const missing = await call(account.token, '/name', { first_name: 'Sam' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/last_name|last name/i);
    expect((await settingsOf(account.token)).first_name).toBe('Jordan');
  });
});

describe('e-mail address', () => {
  it('sends a link to the new address and tells the old one; the address changes only when the link is followed, once', async () => {
    const account = await createAccount(app, { firstName: 'Mira' });
    const newAddress = uniqueEmail('moved');
    const asked = await call(account.token, '/email', { email: newAddress.toUpperCase(), password: FACTORY_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ settings: { email: account.user.email, pending_email: newAddress } });
    expect(asked.json<{ message: string }>().message).toContain(`We sent a link to ${newAddress}`);

    const linkMail = await smtp.waitFor((m) => m.to.includes(newAddress));
    const notice = await smtp.waitFor(mailTo(account.user.email, 'A change of your Animal Doctor e-mail address was asked for'));
    expect(notice.decoded).toContain(newAddress);
    expect(notice.decoded).not.toContain('/account/email?token=');
    // Until the link is followed the old address signs in and the new one does not.
    expect((await login(account.user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await login(newAddress, FACTORY_PASSWORD)).statusCode).toBe(401);

    const token = linkOf(linkMail);
    const followed = await app.inject({ method: 'POST', url: '/api/user/settings/email/confirm', payload: { token } });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ message: `Your e-mail address is now ${newAddress}. Use it to sign in.`, email: newAddress });
    expect(await settingsOf(account.token)).toMatchObject({ email: newAddress, pending_email: null });
    expect((await login(newAddress, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await login(account.user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    await smtp.waitFor(mailTo(account.user.email, 'Your Animal Doctor e-mail address was changed'));

    const again = await app.inject({ method: 'POST', url: '/api/user/settings/email/confirm', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_USED', message: SETTINGS_MESSAGES.linkUsed });
  });

  it('refuses a wrong password, the same address and a taken one with a sentence, and changes nothing', async () => {
    const account = await createAccount(app);
    const other = await createAccount(app);
    const cases: [unknown, number, string, string][] = [
      [{ email: uniqueEmail(), password: 'not-my-password' }, 400, 'WRONG_PASSWORD', SETTINGS_MESSAGES.wrongPassword],
      [{ email: account.user.email.toUpperCase(), password: FACTORY_PASSWORD }, 400, 'SAME_EMAIL', SETTINGS_MESSAGES.sameEmail],
      [{ email: other.user.email.toUpperCase(), password: FACTORY_PASSWORD }, 409, 'EMAIL_TAKEN', SETTINGS_MESSAGES.emailTaken],
      [{ email: 'not-an-address', password: FACTORY_PASSWORD }, 400, 'VALIDATION_ERROR', ''],
    ];
    for (const [body, status, code, message] of cases) {
      const answer = await call(account.token, '/email', body, newClient());
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json()).toMatchObject({ code, message: expect.stringContaining(message) });
    }
    expect(await settingsOf(account.token)).toMatchObject({ email: account.user.email, pending_email: null });
  });

  it('a link that expired, was forged or was replaced by a newer one is refused; an address taken meanwhile is refused', async () => {
    const account = await createAccount(app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await call(account.token, '/email', { email: first, password: FACTORY_PASSWORD }, newClient())).statusCode).toBe(200);
    const firstLink = linkOf(await smtp.waitFor((m) => m.to.includes(first)));
    expect((await call(account.token, '/email', { email: second, password: FACTORY_PASSWORD }, newClient())).statusCode).toBe(200);
    const secondLink = linkOf(await smtp.waitFor((m) => m.to.includes(second)));
    const confirm = (token: string) => app.inject({ method: 'POST', url: '/api/user/settings/email/confirm', payload: { token } });

    const replaced = await confirm(firstLink);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toMatchObject({ code: 'LINK_REPLACED', message: SETTINGS_MESSAGES.linkReplaced });

    const expired = await new SignJWT({ purpose: 'change_email', ver: account.user.tokenVersion, email: uniqueEmail() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(account.user.id))
      .setJti('expired-link')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(app.config.jwtSecret!));
    expect((await confirm(expired)).json()).toMatchObject({ code: 'LINK_EXPIRED', message: SETTINGS_MESSAGES.linkExpired });
    expect((await confirm(`${secondLink.slice(0, -3)}xyz`)).json()).toMatchObject({ code: 'LINK_INVALID', message: SETTINGS_MESSAGES.linkInvalid });
    // A session token is not a link.
    expect((await confirm(account.token)).json()).toMatchObject({ code: 'LINK_INVALID' });

    // Someone signs up with the second address before the link is followed: the link is refused and can be tried again later.
    const squatter = await createAccount(app, { email: second });
    const taken = await confirm(secondLink);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: SETTINGS_MESSAGES.emailTaken });
    expect(await settingsOf(account.token)).toMatchObject({ email: account.user.email, pending_email: second });
    expect(squatter.user.email).toBe(second);
  });

  it('links to one address are bounded by the send budget', async () => {
    const account = await createAccount(app);
    const target = uniqueEmail('budget');
    for (let i = 0; i < 3; i++) expect((await call(account.token, '/email', { email: target, password: FACTORY_PASSWORD }, newClient())).statusCode).toBe(200);
    const refused = await call(account.token, '/email', { email: target, password: FACTORY_PASSWORD }, newClient());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many e-mails') });
  });
});

describe('password', () => {
  it('changes the password: this session continues with a fresh token, every other session ends, a notice is sent', async () => {
    const account = await createAccount(app, { firstName: 'Theo' });
    const otherDevice = (await login(account.user.email, FACTORY_PASSWORD)).json<{ token: string }>().token;
    const changed = await call(account.token, '/password', { current_password: FACTORY_PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = changed.json<{ message: string; token: string; user: { email: string } }>();
    expect(answer.message).toBe('Your password was changed. Your other devices were signed out.');
    expect(answer.user.email).toBe(account.user.email);
    expect(answer.token.split('.')).toHaveLength(3);

    expect((await settingsOf(answer.token)).email).toBe(account.user.email);
    for (const old of [account.token, otherDevice]) {
      const refused = await injectAs(app, old, { method: 'GET', url: '/api/user/settings' });
      expect(refused.statusCode).toBe(401);
    }
    expect((await login(account.user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(account.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    await smtp.waitFor(mailTo(account.user.email, 'Your Animal Doctor password was changed'));
  });

  it('refuses a weak new password with the policy sentence and a wrong current one, which counts like a failed sign-in', async () => {
    const account = await createAccount(app);
    const weak = await call(account.token, '/password', { current_password: FACTORY_PASSWORD, new_password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', field: 'new_password', message: expect.any(String) });
    const short = await call(account.token, '/password', { current_password: FACTORY_PASSWORD, new_password: 'Ab1!' });
    expect(short.json()).toMatchObject({ code: 'WEAK_PASSWORD', message: expect.stringMatching(/8/) });

    const client = newClient();
    for (let i = 0; i < 3; i++) {
      const wrong = await call(account.token, '/password', { current_password: `guess-${i}`, new_password: NEW_PASSWORD }, client);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'current_password', message: SETTINGS_MESSAGES.wrongPassword });
    }
    // The fourth try from this client is refused even with the right password: guessing here is no easier than at sign-in.
    const locked = await call(account.token, '/password', { current_password: FACTORY_PASSWORD, new_password: NEW_PASSWORD }, client);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toContain('Too many sign-in attempts');
    expect((await settingsOf(account.token)).email).toBe(account.user.email); // the session still works: nothing changed
  });

  it('a pending e-mail change ends with the password change: its link no longer works', async () => {
    const account = await createAccount(app);
    const target = uniqueEmail('pending');
    await call(account.token, '/email', { email: target, password: FACTORY_PASSWORD }, newClient());
    const link = linkOf(await smtp.waitFor((m) => m.to.includes(target)));
    const { token } = (await call(account.token, '/password', { current_password: FACTORY_PASSWORD, new_password: NEW_PASSWORD }, newClient())).json<{
      token: string;
    }>();
    expect((await settingsOf(token)).pending_email).toBeNull();
    const followed = await app.inject({ method: 'POST', url: '/api/user/settings/email/confirm', payload: { token: link } });
    expect(followed.statusCode).toBe(400);
    expect(followed.json()).toMatchObject({ code: 'LINK_REPLACED' });
  });
});

describe('e-mail preferences', () => {
  const slotsFrom = () =>
    openingSlots(HOURS, 'America/New_York', clock.now(), 14)
      .filter((s) => new Date(s).getTime() > clock.now().getTime() + 2 * DAY)
      .slice(0, 2);
  const preferences = (changes: Partial<AccountSettings['notifications']> = {}) => ({
    newsletter: false,
    reminders: true,
    review_invitations: true,
    request_updates: true,
    message_emails: true,
    ...changes,
  });

  async function confirmedVisit(vet: Account, owner: Account) {
    const asked = await injectAs(app, owner.token, {
      url: '/api/appointments/request',
      payload: {
        doctor_id: vet.user.id,
        pet_name: 'Biscuit',
        species: 'dog',
        reason: 'Limping on the left hind leg.',
        preferred: slotsFrom(),
        phone: '(212) 555-0199',
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json<{ id: number }>().id;
    const [row] = await app.database.db.select().from(appointments).where(eq(appointments.id, id));
    const start = row!.preferred[0]!;
    expect((await injectAs(app, vet.token, { url: '/api/user/appointments/respond', payload: { id, decision: 'confirm', start } })).statusCode).toBe(200);
    return { id, start };
  }
  const outboxFor = async (address: string) =>
    (await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))).map((r) => r.subject);

  it('answers the defaults, stores a change, and refuses non-booleans', async () => {
    const account = await createAccount(app);
    expect((await settingsOf(account.token)).notifications).toEqual(preferences());
    const saved = await call(account.token, '/notifications', preferences({ reminders: false, message_emails: false }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Your e-mail preferences were saved.',
      settings: { notifications: preferences({ reminders: false, message_emails: false }) },
    });
    const bad = await call(account.token, '/notifications', { ...preferences(), reminders: 'no' });
    expect(bad.statusCode).toBe(400);
    expect((await call(account.token, '/notifications', { reminders: false })).statusCode).toBe(400);
    expect((await settingsOf(account.token)).notifications.reminders).toBe(false);
  });

  it('the mailer honours them: request updates, reminders and review invitations go only to owners who want them; the practice still hears', async () => {
    const vet = await createVet(app, { plan: 2, clinicName: 'Settings Street Clinic', workingTime: HOURS });
    const quietOwner = await createAccount(app, { accountType: 'owner', firstName: 'Quinn' });
    const keenOwner = await createAccount(app, { accountType: 'owner', firstName: 'Kim' });
    const off = preferences({ reminders: false, review_invitations: false, request_updates: false });
    expect((await call(quietOwner.token, '/notifications', off)).statusCode).toBe(200);

    const quietVisit = await confirmedVisit(vet, quietOwner);
    const keenVisit = await confirmedVisit(vet, keenOwner);
    await smtp.waitFor(mailTo(keenOwner.user.email, APPOINTMENT_SUBJECTS.confirmed));

    clock.set(new Date(new Date(quietVisit.start).getTime() - 23 * HOUR));
    await app.appointments.sendDueReminders();
    if (keenVisit.start !== quietVisit.start) {
      clock.set(new Date(new Date(keenVisit.start).getTime() - 23 * HOUR));
      await app.appointments.sendDueReminders();
    }
    await smtp.waitFor(mailTo(keenOwner.user.email, APPOINTMENT_SUBJECTS.reminder));
    for (const visit of [quietVisit, keenVisit]) {
      clock.set(new Date(new Date(visit.start).getTime() + HOUR));
      expect((await injectAs(app, vet.token, { url: '/api/user/appointments/complete', payload: { id: visit.id, attended: true } })).statusCode).toBe(200);
    }
    await smtp.waitFor(mailTo(keenOwner.user.email, APPOINTMENT_SUBJECTS.review_invitation));
    await quiet();

    const received = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).map((m) => m.subject);
    expect(received(quietOwner.user.email)).toEqual([]);
    expect(await outboxFor(quietOwner.user.email)).toEqual([]);
    expect(received(keenOwner.user.email)).toEqual(
      expect.arrayContaining([APPOINTMENT_SUBJECTS.confirmed, APPOINTMENT_SUBJECTS.reminder, APPOINTMENT_SUBJECTS.review_invitation]),
    );
    // The practice's own preferences are its own: it still gets the new request and its reminder for the quiet owner's visit.
    const toPractice = smtp.messages.filter((m) => m.to.includes(vet.user.email) && m.decoded.includes('Quinn'));
    expect(toPractice.map((m) => m.subject)).toEqual(expect.arrayContaining([APPOINTMENT_SUBJECTS.requested, APPOINTMENT_SUBJECTS.reminder]));
  });

  it("a practice that turned reminders off gets none, while the owner's still comes; security e-mails ignore every preference", async () => {
    const vet = await createVet(app, { plan: 2, clinicName: 'Quiet Vet Clinic', workingTime: HOURS });
    const owner = await createAccount(app, { accountType: 'owner', firstName: 'Rowan' });
    expect((await call(vet.token, '/notifications', preferences({ reminders: false, request_updates: false, review_invitations: false }))).statusCode).toBe(
      200,
    );
    const visit = await confirmedVisit(vet, owner);
    clock.set(new Date(new Date(visit.start).getTime() - 23 * HOUR));
    await app.appointments.sendDueReminders();
    await smtp.waitFor(mailTo(owner.user.email, APPOINTMENT_SUBJECTS.reminder));
    await quiet();
    const practiceSubjects = smtp.messages.filter((m) => m.to.includes(vet.user.email) && m.decoded.includes('Rowan')).map((m) => m.subject);
    expect(practiceSubjects).toContain(APPOINTMENT_SUBJECTS.requested);
    expect(practiceSubjects).not.toContain(APPOINTMENT_SUBJECTS.reminder);

    expect((await call(vet.token, '/password', { current_password: FACTORY_PASSWORD, new_password: NEW_PASSWORD }, newClient())).statusCode).toBe(200);
    await smtp.waitFor(mailTo(vet.user.email, 'Your Animal Doctor password was changed'));
  });

  it("the newsletter is the subscription of the account's address: on confirms it, off unsubscribes it; an unverified account cannot subscribe", async () => {
    const account = await createAccount(app);
    const subscriber = async () =>
      (await app.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, account.user.email)))[0]?.status;
    expect((await call(account.token, '/notifications', preferences({ newsletter: true }))).statusCode).toBe(200);
    expect(await subscriber()).toBe('confirmed');
    expect((await settingsOf(account.token)).notifications.newsletter).toBe(true);
    const admin = await createAccount(app, { stage: 'admin' });
    const exported = async () => (await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/subscribers.csv' })).body;
    expect(await exported()).toContain(account.user.email);
    expect((await call(account.token, '/notifications', preferences({ newsletter: false }))).statusCode).toBe(200);
    expect(await subscriber()).toBe('unsubscribed');
    expect(await exported()).not.toContain(account.user.email);
    expect((await settingsOf(account.token)).notifications.newsletter).toBe(false);

    const unverified = await createAccount(app, { stage: 'unverified' });
    const refused = await call(unverified.token, '/notifications', preferences({ newsletter: true }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: SETTINGS_MESSAGES.newsletterNeedsVerified });
  });
});
