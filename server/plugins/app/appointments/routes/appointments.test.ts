// Appointment requests (docs/product.md section 19) as clients meet them: the owner's request and every
// refusal, every move of the state machine and every refused one, the limits under 200 parallel requests,
// the e-mails with their .ics through a real SMTP server, the reminder sent once by two app servers on one
// database, the response time on profile and cards, a lapsed plan, and what other ids, forged tokens,
// a raw socket and line breaks in typed text get.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import type { AddressInfo } from 'node:net';
import { rawRequest } from '../../../../test/raw-request';
import { createAccount, createVet, FACTORY_PASSWORD, injectAs, type Account } from '../../../../test/factories';
import { icsOf, mailSettled, startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../../test/smtp-capture';
import { createTestClock } from '../../../../lib/clock';
import { appointments, completedVisits, payments } from '../../../../db/schema';
import { APPOINTMENT_MESSAGES, APPOINTMENT_SUBJECTS } from '../index';
import { openingSlots } from '../../../../../shared/lib/appointment-rules';
import type { MyAppointmentsAnswer, PracticeAppointmentsAnswer } from '../../../../../shared/schemas/appointment';
import type { DoctorPage } from '../../../../../shared/schemas/doctor';
import { DAYS } from '../../../../../shared/constants/days';

const clock = createTestClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let app: FastifyInstance;
let smtp: SmtpCapture;
let vet: Account;
const HOURS = DAYS.map((day) => ({ day, closed: day === 'sun', open: '09:00', close: '17:00' }));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
  vet = await createVet(app, { plan: 2, clinicName: 'Maple Street Animal Clinic', workingTime: HOURS });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(() => clock.reset());

const owner = (name = 'Olive') => createAccount(app, { accountType: 'owner', firstName: name, lastName: 'Owner' });
const slots = () => openingSlots(HOURS, 'America/New_York', clock.now(), 14);
const call = (account: Account | undefined, url: string, payload: unknown) => injectAs(app, account?.token, { url, payload: payload as object });
const requestBody = (doctorId = vet.user.id, extra: Record<string, unknown> = {}) => ({
  doctor_id: doctorId,
  pet_name: 'Biscuit',
  species: 'dog',
  reason: 'Limping on the left hind leg since Sunday.',
  // Two days ahead at least: no reminder is due yet.
  preferred: slots()
    .filter((s) => new Date(s).getTime() > clock.now().getTime() + 2 * DAY)
    .slice(0, 2),
  phone: '(212) 555-0199',
  ...extra,
});
async function requested(account: Account, doctor: Account = vet, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await call(account, '/api/appointments/request', requestBody(doctor.user.id, extra));
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ state: 'requested' });
  return answer.json<{ id: number }>().id;
}
const stored = async (id: number) => (await app.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const respond = (id: number, decision: string, extra: Record<string, unknown> = {}, as: Account = vet) =>
  call(as, '/api/user/appointments/respond', { id, decision, ...extra });
const mailTo = (account: Account, subject: string) => (mail: CapturedMail) => mail.to.includes(account.user.email) && mail.subject === subject;
async function confirmed(account: Account): Promise<{ id: number; start: string }> {
  const id = await requested(account);
  const start = (await stored(id)).preferred[0]!;
  expect((await respond(id, 'confirm', { start })).statusCode).toBe(200);
  return { id, start };
}
/** Ends an owner's open requests so the next test starts below the open limit. */
async function closeAll(account: Account) {
  const mine = (await call(account, '/api/appointments/mine', {})).json<MyAppointmentsAnswer>();
  for (const a of mine.data.filter((a) => a.state === 'requested' || a.state === 'proposed')) await call(account, '/api/appointments/cancel', { id: a.id });
}

describe('asking for an appointment', () => {
  it('stores the request, e-mails the practice its times in the practice zone, and lists it for both sides', async () => {
    const olive = await owner();
    const id = await requested(olive);
    const mail = await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.subject === APPOINTMENT_SUBJECTS.requested);
    expect(mail.decoded).toContain('Biscuit (dog)');
    expect(mail.decoded).toContain('Limping on the left hind leg');
    expect(mail.decoded).toContain('Eastern Time');
    const mine = (await call(olive, '/api/appointments/mine', {})).json<MyAppointmentsAnswer>();
    expect(mine.data[0]).toMatchObject({
      id,
      doctor_id: vet.user.id,
      clinic_name: 'Maple Street Animal Clinic',
      state: 'requested',
      start: null,
      time_zone: 'America/New_York',
    });
    expect(mine.data[0]).not.toHaveProperty('owner_email');
    const inbox = (await call(vet, '/api/user/appointments', { state: 'requested' })).json<PracticeAppointmentsAnswer>();
    expect(inbox.data.find((a) => a.id === id)).toMatchObject({ owner_name: 'Olive Owner', owner_email: olive.user.email, owner_phone: '(212) 555-0199' });
    expect(inbox.openCount).toBeGreaterThan(0);
    await closeAll(olive);
  });

  it('refuses with a plain sentence and stores nothing: own practice, unlisted, Basic plan, closed hours, past, too far, same time twice, bad format', async () => {
    const olive = await owner();
    const basic = await createVet(app, { plan: 1 });
    const unlisted = await createVet(app, { plan: 2, reviewState: 'pending' });
    const before = (await app.database.db.select().from(appointments)).length;
    const cases: [Account, unknown, number, string][] = [
      [vet, requestBody(), 403, APPOINTMENT_MESSAGES.ownPractice],
      [olive, requestBody(unlisted.user.id), 404, APPOINTMENT_MESSAGES.notListed],
      [olive, requestBody(basic.user.id), 403, APPOINTMENT_MESSAGES.planRequired],
      [olive, requestBody(999_999), 404, APPOINTMENT_MESSAGES.notListed],
      [olive, requestBody(vet.user.id, { preferred: ['2020-01-01T10:00:00-05:00'] }), 400, 'Choose a time in the future.'],
      [
        olive,
        requestBody(vet.user.id, { preferred: [new Date(clock.now().getTime() + 70 * DAY).toISOString()] }),
        400,
        'Choose a time within the next 60 days.',
      ],
      [
        olive,
        requestBody(vet.user.id, { preferred: [new Date(new Date(requestBody().preferred[0]!).getTime() + 12 * HOUR).toISOString()] }),
        400,
        'Choose a time when the practice is open (see its opening hours).',
      ],
      [olive, requestBody(vet.user.id, { preferred: [slots()[0], slots()[0]] }), 400, APPOINTMENT_MESSAGES.sameTimes],
      [olive, requestBody(vet.user.id, { preferred: slots().slice(0, 4) }), 400, 'Choose up to three times.'],
      [olive, requestBody(vet.user.id, { preferred: [] }), 400, 'Choose at least one time.'],
      [olive, requestBody(vet.user.id, { preferred: ['2030-01-01T10:00:00'] }), 400, 'with its time zone offset'],
      [olive, requestBody(vet.user.id, { reason: 'ouch' }), 400, 'at least 10 characters'],
      [olive, requestBody(vet.user.id, { pet_name: '   ' }), 400, "pet's name"],
      [olive, requestBody(vet.user.id, { phone: 'call me <b>' }), 400, 'Enter a phone number'],
      [olive, requestBody(vet.user.id, { surprise: 1 }), 400, ''],
    ];
    for (const [who, payload, status, message] of cases) {
      const answer = await call(who, '/api/appointments/request', payload);
      expect(answer.statusCode, `${JSON.stringify(payload).slice(0, 200)} -> ${answer.body}`).toBe(status);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    const unverified = await createAccount(app, { stage: 'unverified', accountType: 'owner' });
    expect((await call(unverified, '/api/appointments/request', requestBody())).statusCode).toBe(403);
    expect((await call(undefined, '/api/appointments/request', requestBody())).statusCode).toBe(401);
    const forged = await injectAs(app, `${olive.token.slice(0, -4)}AAAA`, { url: '/api/appointments/request', payload: requestBody() });
    expect(forged.statusCode).toBe(401);
    expect((await app.database.db.select().from(appointments)).length).toBe(before);
  });
});

describe('the state machine', () => {
  it('confirm: one of the preferred times only; the owner gets a calendar invitation in UTC for that moment', async () => {
    const olive = await owner();
    const id = await requested(olive);
    const row = await stored(id);
    const other = slots().find((s) => !row.preferred.includes(s))!;
    const refused = await respond(id, 'confirm', { start: other });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: APPOINTMENT_MESSAGES.notPreferred, field: 'start' });
    expect((await respond(id, 'confirm', {})).json()).toMatchObject({ message: APPOINTMENT_MESSAGES.startRequired });
    const start = row.preferred[1]!;
    const answer = await respond(id, 'confirm', { start, message: 'See you then.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ id, state: 'confirmed' });
    const mail = await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.confirmed));
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const ics = icsOf(mail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(ics).toContain(
      `DTEND:${new Date(new Date(start).getTime() + 30 * 60_000)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
    expect(ics).toContain(`UID:appointment-${id}@localhost`);
    expect(ics).toMatch(/ATTENDEE;CN="Olive Owner"[^\r\n]*(\r\n [^\r\n]*)*mailto:/);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(mail.decoded).toContain('See you then.');
    expect((await stored(id)).answeredAt).not.toBeNull();
  });

  it('propose, then the owner accepts: both get the invitation for the proposed time; the owner cannot accept twice', async () => {
    const olive = await owner();
    const id = await requested(olive);
    expect((await call(olive, '/api/appointments/accept', { id })).statusCode).toBe(409);
    const proposed = slots()[6]!;
    expect((await respond(id, 'propose', { start: '2020-01-01T10:00:00Z' })).statusCode).toBe(400);
    expect((await respond(id, 'propose', { start: proposed, message: 'Could you come Friday instead?' })).json()).toEqual({ id, state: 'proposed' });
    const proposal = await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.proposed));
    expect(proposal.decoded).toContain('Could you come Friday instead?');
    expect((await respond(id, 'confirm', { start: proposed })).statusCode).toBe(409);
    const accepted = await call(olive, '/api/appointments/accept', { id });
    expect(accepted.json()).toEqual({ id, state: 'confirmed' });
    expect((await stored(id)).start?.toISOString()).toBe(proposed);
    const toPractice = await smtp.waitFor(mailTo(vet, APPOINTMENT_SUBJECTS.accepted));
    expect(icsOf(toPractice)).toContain(`DTSTART:${proposed.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    await smtp.waitFor((m) => m.to.includes(olive.user.email) && m.subject === APPOINTMENT_SUBJECTS.confirmed && icsOf(m).includes(`appointment-${id}@`));
    const again = await call(olive, '/api/appointments/accept', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_STATE', message: 'This appointment is already confirmed; it cannot be accepted now.' });
  });

  it('decline ends a request; nothing moves a declined one', async () => {
    const olive = await owner();
    const id = await requested(olive);
    expect((await respond(id, 'decline', { message: 'We are fully booked.' })).json()).toEqual({ id, state: 'declined' });
    const mail = await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.declined));
    expect(mail.decoded).toContain('We are fully booked.');
    for (const [url, payload, as] of [
      ['/api/appointments/accept', { id }, olive],
      ['/api/appointments/cancel', { id }, olive],
      ['/api/user/appointments/respond', { id, decision: 'decline' }, vet],
      ['/api/user/appointments/complete', { id, attended: true }, vet],
    ] as const) {
      const answer = await call(as, url, payload);
      expect(answer.statusCode, url).toBe(409);
      expect(answer.json<{ message: string }>().message).toMatch(/^This appointment is declined; it cannot be/);
    }
    expect((await stored(id)).state).toBe('declined');
  });

  it('cancel: the owner at every open stage, the practice once proposed or confirmed, never after the start; the other side is told', async () => {
    const olive = await owner();
    const a = await requested(olive);
    expect((await call(vet, '/api/appointments/cancel', { id: a })).statusCode).toBe(409);
    expect((await call(olive, '/api/appointments/cancel', { id: a, reason: 'Feeling better.' })).json()).toEqual({ id: a, state: 'cancelled' });
    await smtp.waitFor((m) => mailTo(vet, APPOINTMENT_SUBJECTS.cancelled_by_owner)(m) && m.decoded.includes('Feeling better.'));
    const b = await confirmed(olive);
    expect((await call(vet, '/api/appointments/cancel', { id: b.id, reason: 'The doctor is ill.' })).json()).toEqual({ id: b.id, state: 'cancelled' });
    await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.cancelled_by_practice));
    const c = await confirmed(olive);
    clock.set(new Date(new Date(c.start).getTime() + 60_000));
    const late = await call(olive, '/api/appointments/cancel', { id: c.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ALREADY_STARTED', message: APPOINTMENT_MESSAGES.alreadyStarted });
    expect((await stored(c.id)).state).toBe('confirmed');
  });

  it("complete after the start: 'Verified visit' lights up and the owner is invited to review; no-show tells the owner; not before the start", async () => {
    const olive = await owner();
    const a = await confirmed(olive);
    const early = await call(vet, '/api/user/appointments/complete', { id: a.id, attended: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_STARTED', message: APPOINTMENT_MESSAGES.notStarted });
    expect((await call(olive, '/api/user/appointments/complete', { id: a.id, attended: true })).statusCode).toBe(404);
    clock.set(new Date(new Date(a.start).getTime() + HOUR));
    expect((await call(vet, '/api/user/appointments/complete', { id: a.id, attended: true })).json()).toEqual({ id: a.id, state: 'completed' });
    const visits = await app.database.db.select().from(completedVisits).where(eq(completedVisits.ownerId, olive.user.id));
    expect(visits).toMatchObject([{ doctorId: vet.user.id }]);
    const invitation = await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.review_invitation));
    expect(invitation.decoded).toContain(`/viewdoctorprofile/${vet.user.id}#reviews`);
    expect((await call(vet, '/api/user/appointments/complete', { id: a.id, attended: false })).statusCode).toBe(409);
    clock.reset();
    const b = await confirmed(olive);
    clock.set(new Date(new Date(b.start).getTime() + HOUR));
    expect((await call(vet, '/api/user/appointments/complete', { id: b.id, attended: false })).json()).toEqual({ id: b.id, state: 'no_show' });
    await smtp.waitFor(mailTo(olive, APPOINTMENT_SUBJECTS.no_show));
  });

  it("another owner's or practice's ids get 404 and change nothing", async () => {
    const olive = await owner();
    const mallory = await owner('Mallory');
    const otherVet = await createVet(app, { plan: 2 });
    const id = await requested(olive);
    expect((await call(mallory, '/api/appointments/accept', { id })).statusCode).toBe(404);
    expect((await call(mallory, '/api/appointments/cancel', { id })).statusCode).toBe(404);
    expect((await call(otherVet, '/api/appointments/cancel', { id })).statusCode).toBe(404);
    expect((await respond(id, 'decline', {}, otherVet)).statusCode).toBe(404);
    expect((await respond(id, 'decline', {}, olive)).statusCode).toBe(404);
    expect((await call(otherVet, '/api/user/appointments', {})).json<PracticeAppointmentsAnswer>().data.some((a) => a.id === id)).toBe(false);
    expect((await call(mallory, '/api/appointments/mine', {})).json<MyAppointmentsAnswer>().data.some((a) => a.id === id)).toBe(false);
    expect((await stored(id)).state).toBe('requested');
    await closeAll(olive);
  });

  it('200 parallel moves on one appointment: exactly one succeeds, the others get 409', async () => {
    const olive = await owner();
    const id = await requested(olive);
    const start = (await stored(id)).preferred[0]!;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 4 === 0
          ? respond(id, 'confirm', { start })
          : i % 4 === 1
            ? respond(id, 'decline', {})
            : i % 4 === 2
              ? respond(id, 'propose', { start })
              : call(olive, '/api/appointments/accept', { id }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    const winner = answers.find((a) => a.statusCode === 200)!.json<{ state: string }>().state;
    expect((await stored(id)).state).toBe(winner);
    await mailSettled(app);
    const told = smtp.messages.filter((m) => m.decoded.includes(`/myappointments`) && m.to.includes(olive.user.email));
    expect(told.length).toBeLessThanOrEqual(1);
  });
});

describe('limits', () => {
  it('200 parallel requests from one account: exactly 3 open; after cancelling, at most 10 a day', async () => {
    const olive = await owner();
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(olive, '/api/appointments/request', requestBody())));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429).every((a) => a.json<{ code: string }>().code === 'OPEN_LIMIT')).toBe(true);
    let sent = 3;
    while (sent < 10) {
      await closeAll(olive);
      await requested(olive);
      sent++;
    }
    await closeAll(olive);
    const refused = await call(olive, '/api/appointments/request', requestBody());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'DAILY_LIMIT', message: APPOINTMENT_MESSAGES.dailyLimit });
    clock.advance(DAY);
    expect((await call(olive, '/api/appointments/request', requestBody())).statusCode).toBe(200);
    await closeAll(olive);
  }, 120_000);

  it('200 owners at once at one practice: exactly 100 requests reach it in a day', async () => {
    const busy = await createVet(app, { plan: 3, workingTime: HOURS });
    const owners = await Promise.all(Array.from({ length: 200 }, (_, i) => owner(`Owner${i}`)));
    const answers = await Promise.all(owners.map((o) => call(o, '/api/appointments/request', requestBody(busy.user.id))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(100);
    expect(answers.filter((a) => a.statusCode === 429).every((a) => a.json<{ code: string }>().code === 'PRACTICE_LIMIT')).toBe(true);
    const stored = await app.database.db.select().from(appointments).where(eq(appointments.doctorId, busy.user.id));
    expect(stored).toHaveLength(100);
  }, 120_000);
});

describe('reminders', () => {
  it('two app servers on one database send one reminder per appointment to each side', async () => {
    const olive = await owner();
    const a = await confirmed(olive);
    const second = await buildTestApp({ SMTP_URL: smtp.url }, { clock });
    try {
      await app.appointments.sendDueReminders();
      expect((await stored(a.id)).reminderSentAt).toBeNull();
      clock.set(new Date(new Date(a.start).getTime() - 23 * HOUR));
      const claims = await Promise.all([
        ...Array.from({ length: 5 }, () => app.appointments.sendDueReminders()),
        ...Array.from({ length: 5 }, () => second.appointments.sendDueReminders()),
      ]);
      expect(claims.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
      await Promise.all([mailSettled(app), mailSettled(second)]);
      const reminders = smtp.messages.filter(
        (m) =>
          m.subject === APPOINTMENT_SUBJECTS.reminder && m.decoded.includes('Biscuit') && (m.to.includes(olive.user.email) || m.to.includes(vet.user.email)),
      );
      const ownerReminders = reminders.filter((m) => m.to.includes(olive.user.email));
      expect(ownerReminders).toHaveLength(1);
      expect((await stored(a.id)).reminderSentAt).not.toBeNull();
      expect(await second.appointments.sendDueReminders()).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe('response time and plans', () => {
  it('once a practice has answered five requests its median hours show on its profile and its search card', async () => {
    const quick = await createVet(app, { plan: 2, zip: '10001', workingTime: HOURS, clinicName: 'Quick Paws' });
    const profile = async () => (await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: quick.user.id } })).json<DoctorPage>();
    for (let i = 0; i < 5; i++) {
      const o = await owner();
      const id = await requested(o, quick);
      clock.advance(2 * HOUR + 30 * 60_000);
      expect((await respond(id, 'decline', {}, quick)).statusCode).toBe(200);
      if (i < 4) expect((await profile()).response_time_hours).toBeNull();
    }
    expect((await profile()).response_time_hours).toBe(3);
    const search = await app.inject({
      method: 'POST',
      url: '/api/doctors/search',
      payload: { searchZipCode: '', searchCity: '', searchState: 'NY', searchCount: 50, searchStart: 0 },
    });
    expect(search.statusCode, search.body.slice(0, 300)).toBe(200);
    const card = search.json<{ data: { id: number; response_time_hours: number | null }[] }>().data.find((d) => d.id === quick.user.id);
    expect(card?.response_time_hours).toBe(3);
  });

  it('a lapsed plan stops new requests but keeps the history and its answers', async () => {
    const lapsing = await createVet(app, { plan: 2, workingTime: HOURS });
    const olive = await owner();
    const id = await requested(olive, lapsing);
    await app.database.db.update(payments).set({ plan: 1 }).where(eq(payments.userId, lapsing.user.id));
    app.changes.announce({ kind: 'listing changed', doctorId: lapsing.user.id });
    const refused = await call(olive, '/api/appointments/request', requestBody(lapsing.user.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_REQUIRED' });
    expect((await call(lapsing, '/api/user/appointments', {})).json<PracticeAppointmentsAnswer>().data.map((a) => a.id)).toContain(id);
    expect((await respond(id, 'decline', {}, lapsing)).statusCode).toBe(200);
  });
});

describe('an attacker', () => {
  it('cannot put a header into an e-mail through the pet name or the reason', async () => {
    const olive = await owner();
    const injected = await call(olive, '/api/appointments/request', requestBody(vet.user.id, { pet_name: 'Rex\r\nBcc: victim@example.com' }));
    expect(injected.statusCode).toBe(400);
    const id = await requested(olive, vet, { reason: 'Coughing a lot.\r\nBcc: victim@example.com\r\nSubject: Free money' });
    const start = (await stored(id)).preferred[0]!;
    await respond(id, 'confirm', { start, message: 'Fine.\r\nBcc: victim@example.com' });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(olive.user.email) && m.subject === APPOINTMENT_SUBJECTS.confirmed && icsOf(m).includes(`appointment-${id}@`),
    );
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers.match(/^Subject:/gim)).toHaveLength(1);
    expect(mail.to).toEqual([olive.user.email]);
    // In the calendar file the line breaks are escaped text, never new properties.
    expect(icsOf(mail)).not.toMatch(/^Bcc/m);
    expect(smtp.messages.some((m) => m.to.includes('victim@example.com'))).toBe(false);
    await closeAll(olive);
  });

  it('a raw socket with broken JSON or a body too large gets 400/413 and stores nothing', async () => {
    const served = await buildTestApp({ SMTP_URL: smtp.url });
    try {
      await served.listen({ port: 0, host: '127.0.0.1' });
      const port = (served.server.address() as AddressInfo).port;
      const olive = await createAccount(served, { accountType: 'owner' });
      const before = (await served.database.db.select().from(appointments)).length;
      const broken = await rawRequest(port, '/api/appointments/request', { Authorization: `Bearer ${olive.token}` }, '{"doctor_id": 1, "pet_name": "Rex",');
      expect(broken.status).toBe(400);
      const huge = await rawRequest(
        port,
        '/api/appointments/request',
        { Authorization: `Bearer ${olive.token}` },
        JSON.stringify({ ...requestBody(), reason: 'x'.repeat(2_000_000) }),
      );
      expect([400, 413]).toContain(huge.status);
      expect((await served.database.db.select().from(appointments)).length).toBe(before);
    } finally {
      await served.close();
    }
  });
});

describe('a deleted account (docs/product.md section 22)', () => {
  it("'Delete my account' cancels the owner's open appointments and e-mails the practice without naming the account", async () => {
    const olive = await owner();
    const a = await confirmed(olive);
    const b = await requested(olive);
    const deleted = await call(olive, '/api/user/delete-account', { password: FACTORY_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await app.database.db
        .select()
        .from(appointments)
        .where(inArray(appointments.id, [a.id, b])),
    ).toEqual([]);
    const closed = (m: CapturedMail) =>
      m.to.includes(vet.user.email) && m.subject === APPOINTMENT_SUBJECTS.cancelled_by_owner && m.decoded.includes('The account was closed.');
    await smtp.waitFor(() => smtp.messages.filter(closed).length === 2);
    for (const mail of smtp.messages.filter(closed)) expect(mail.raw).not.toContain(olive.user.email);
  });

  it("a practice's deletion cancels its owners' requests, tells them, and frees their open-request slots", async () => {
    const closing = await createVet(app, { plan: 2, workingTime: HOURS });
    const pia = await owner('Pia');
    for (let i = 0; i < 3; i++) await requested(pia, closing);
    expect((await call(pia, '/api/appointments/request', requestBody(vet.user.id))).json()).toMatchObject({ code: 'OPEN_LIMIT' });
    expect((await call(closing, '/api/user/delete-account', { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    await smtp.waitFor((m) => m.to.includes(pia.user.email) && m.subject === APPOINTMENT_SUBJECTS.cancelled_by_practice);
    expect((await call(pia, '/api/appointments/request', requestBody(vet.user.id))).statusCode).toBe(200);
    await closeAll(pia);
  });

  it('answeredPerDay counts the answers of each day for the dashboard', async () => {
    await confirmed(await owner('Ada'));
    const perDay = await app.appointments.answeredPerDay(7);
    expect(perDay.find((d) => d.day === clock.now().toISOString().slice(0, 10))?.answered).toBeGreaterThan(0);
  });
});
