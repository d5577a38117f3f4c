// Booking a real time (docs/product.md section 30) as clients meet it: what a practice publishes and every
// refusal, the public free starts, a booking confirmed or requested, 50 parallel owners on one time (two app
// servers on one database), a reschedule racing a booking, a busy time added while owners book, the e-mails
// and .ics (LOCATION, same UID with a higher SEQUENCE, METHOD:CANCEL), the practice's calendar feed, no-shows,
// next_available on profiles, and what forged ids and tokens get.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { icsOf, startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { createTestClock } from '../../../../lib/clock';
import { appointments } from '../../../../db/schema';
import { APPOINTMENT_SUBJECTS } from '../index';
import { BOOKING_MESSAGES } from '../../../../../shared/lib/booking-rules';
import type { AvailabilityAnswer, BookingSettingsAnswer, BusyListAnswer, VisitTypesAnswer } from '../../../../../shared/schemas/booking';
import type { DoctorPage } from '../../../../../shared/schemas/doctor';
import { DAYS } from '../../../../../shared/constants/days';

const clock = createTestClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = DAYS.map((day) => ({ day, closed: false, open: '08:00', close: '18:00' }));
/** Bookable every day 09:00-17:00 (inside the opening hours). */
const HOURS = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '09:00', close: '17:00' }));
let app: FastifyInstance;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
  // TEMPORARY until the pets branch is merged.
  await app.database.db.execute(
    sql`CREATE TABLE IF NOT EXISTS pets (id serial PRIMARY KEY, owner_id integer NOT NULL, name text NOT NULL, species text NOT NULL)`,
  );
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(() => clock.reset());

const call = (account: Account | undefined, url: string, payload: unknown, on: FastifyInstance = app) =>
  injectAs(on, account?.token, { url, payload: payload as object });
const owner = (name = 'Olive') => createAccount(app, { accountType: 'owner', firstName: name, lastName: 'Owner' });
async function petOf(account: Account, name = 'Biscuit'): Promise<number> {
  const saved = await call(account, '/api/user/pets/save', { name, species: 'dogs' });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ pet: { id: number } }>().pet.id;
}

/** A Professional practice with one 30-minute visit type, bookable 09:00-17:00 every 30 minutes. */
async function bookablePractice(settings: Record<string, unknown> = {}, state = 'NY') {
  const vet = await createVet(app, { plan: 2, clinicName: 'Maple Street Animal Clinic', workingTime: WEEK, state });
  const saved = await call(vet, '/api/user/visit-types/save', {
    visit_types: [{ name: 'Check-up', minutes: 30, species: ['dog', 'cat'], new_patients: true, price_from: 45 }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const type = saved.json<VisitTypesAnswer>().data[0]!;
  const set = await call(vet, '/api/user/booking-settings', {
    enabled: true,
    step_minutes: 30,
    capacity: 1,
    lead_hours: 2,
    horizon_days: 30,
    confirm_each: false,
    hours: HOURS,
    ...settings,
  });
  expect(set.statusCode, set.body).toBe(200);
  return { vet, type };
}
const slotsOf = async (doctorId: number, visitTypeId: number, days = 7) => {
  const answer = await call(undefined, '/api/doctors/availability', { doctor_id: doctorId, visit_type_id: visitTypeId, days });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AvailabilityAnswer>();
};
const bookBody = (doctorId: number, visitTypeId: number, start: string, petId: number) => ({
  doctor_id: doctorId,
  visit_type_id: visitTypeId,
  start,
  pet_id: petId,
  reason: 'Yearly check-up and vaccines.',
});
const held = async (doctorId: number, start: string) =>
  (
    await app.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctorId), eq(appointments.start, new Date(start)), sql`${appointments.state} IN ('requested', 'confirmed')`))
  ).length;

describe('what a practice publishes', () => {
  it('saves visit types and settings, refuses hours outside the opening hours, and only for plans that take requests', async () => {
    const basic = await createVet(app, { plan: 1 });
    const refused = await call(basic, '/api/user/booking-settings', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_REQUIRED' });

    const { vet, type } = await bookablePractice();
    expect(type).toMatchObject({ name: 'Check-up', minutes: 30, species: ['dog', 'cat'], new_patients: true, price_from: 45 });
    const read = (await call(vet, '/api/user/booking-settings', {})).json<BookingSettingsAnswer>();
    expect(read).toMatchObject({ enabled: true, step_minutes: 30, capacity: 1, time_zone: 'America/New_York', busy_feed_url: null });
    expect(read.next_available).not.toBeNull();

    const cases: [unknown, string][] = [
      [{ hours: [{ day: 1, open: '07:00', close: '12:00' }] }, BOOKING_MESSAGES.outsideOpening],
      [{ hours: [{ day: 1, open: '12:00', close: '11:00' }] }, 'close after it opens'],
      [{ step_minutes: 25 }, 'every 10, 15, 20 or 30 minutes'],
      [{ capacity: 21 }, '1 to 20'],
      [{ busy_feed_url: 'http://calendar.example/feed.ics' }, BOOKING_MESSAGES.feedHttps],
      [{ busy_feed_url: 'javascript:alert(1)' }, BOOKING_MESSAGES.feedHttps],
    ];
    for (const [payload, message] of cases) {
      const answer = await call(vet, '/api/user/booking-settings', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ name: `Visit ${i}`, minutes: 20, species: [], new_patients: true }));
    expect((await call(vet, '/api/user/visit-types/save', { visit_types: tooMany })).statusCode).toBe(400);
    // Another practice's visit type id is not this one's.
    const other = await bookablePractice();
    const forged = await call(vet, '/api/user/visit-types/save', {
      visit_types: [{ id: other.type.id, name: 'Mine now', minutes: 20, species: [], new_patients: true }],
    });
    expect(forged.statusCode).toBe(400);
    expect((await call(other.vet, '/api/user/visit-types', {})).json<VisitTypesAnswer>().data[0]!.name).toBe('Check-up');
    expect((await call(undefined, '/api/user/visit-types', {})).statusCode).toBe(401);
  });

  it('lists the free starts in the practice time; a busy time, the lead time and special hours take times away', async () => {
    const { vet, type } = await bookablePractice();
    const answer = await slotsOf(vet.user.id, type.id);
    expect(answer.time_zone).toBe('America/New_York');
    expect(answer.visit_type.id).toBe(type.id);
    expect(answer.slots.length).toBeGreaterThan(50);
    const first = answer.slots[0]!;
    expect(new Date(first.start).getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + 2 * HOUR);
    expect(first.label).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}:\d{2} (AM|PM)$/);
    const target = answer.slots[5]!.start;
    const busy = await call(vet, '/api/user/busy/add', {
      start: target,
      end: new Date(new Date(target).getTime() + 30 * 60_000).toISOString(),
      note: 'Staff meeting',
    });
    expect(busy.statusCode, busy.body).toBe(200);
    expect((await slotsOf(vet.user.id, type.id)).slots.map((s) => s.start)).not.toContain(target);
    const list = (
      await call(vet, '/api/user/busy', { from: clock.now().toISOString(), to: new Date(clock.now().getTime() + 14 * DAY).toISOString() })
    ).json<BusyListAnswer>();
    expect(list.data).toEqual([expect.objectContaining({ note: 'Staff meeting', source: 'manual', start: target })]);
    expect((await call(vet, '/api/user/busy/remove', { id: list.data[0]!.id })).statusCode).toBe(200);
    expect((await slotsOf(vet.user.id, type.id)).slots.map((s) => s.start)).toContain(target);
    // Someone else's busy time is not theirs to remove.
    const mine = (await call(vet, '/api/user/busy/add', { start: target, end: new Date(new Date(target).getTime() + HOUR).toISOString() })).json<{
      id: number;
    }>();
    const intruder = await bookablePractice();
    expect((await call(intruder.vet, '/api/user/busy/remove', { id: mine.id })).statusCode).toBe(404);
    expect((await call(undefined, '/api/doctors/availability', { doctor_id: vet.user.id, visit_type_id: intruder.type.id })).statusCode).toBe(404);
  });
});

describe('booking', () => {
  it('books a free start at once, e-mails both sides an .ics with the clinic address, and the time is gone', async () => {
    const { vet, type } = await bookablePractice();
    const olive = await owner();
    const pet = await petOf(olive);
    const start = (await slotsOf(vet.user.id, type.id)).slots[3]!.start;
    const answer = await call(olive, '/api/appointments/book', bookBody(vet.user.id, type.id, start, pet));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ state: 'confirmed' });
    expect((await slotsOf(vet.user.id, type.id)).slots.map((s) => s.start)).not.toContain(start);
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes(olive.user.email) &&
        m.subject === APPOINTMENT_SUBJECTS.confirmed &&
        icsOf(m).includes(`appointment-${answer.json<{ id: number }>().id}@`),
    );
    expect(icsOf(mail)).toMatch(/^LOCATION:.*1 Test Street\\, New York\\, NY 10001/m);
    await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.subject === APPOINTMENT_SUBJECTS.booked);
    // Own practice, someone else's pet, a time not offered.
    expect((await call(vet, '/api/appointments/book', bookBody(vet.user.id, type.id, start, pet))).statusCode).toBe(403);
    const pia = await owner('Pia');
    expect((await call(pia, '/api/appointments/book', bookBody(vet.user.id, type.id, start, pet))).json()).toMatchObject({
      code: 'NOT_FOUND',
      field: 'pet_id',
    });
    const odd = new Date(new Date(start).getTime() + 7 * 60_000).toISOString();
    const taken = await call(pia, '/api/appointments/book', bookBody(vet.user.id, type.id, odd, await petOf(pia)));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLOT_TAKEN', message: BOOKING_MESSAGES.slotTaken });
  });

  it('50 parallel bookings of one time with capacity 1 on two app servers: exactly one holds it, the others get the next free times', async () => {
    const { vet, type } = await bookablePractice();
    const second = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000000' }, { clock });
    try {
      const owners = await Promise.all(Array.from({ length: 50 }, (_, i) => owner(`Racer${i}`)));
      const pets = await Promise.all(owners.map((o) => petOf(o)));
      const start = (await slotsOf(vet.user.id, type.id)).slots[10]!.start;
      const answers = await Promise.all(
        owners.map((o, i) => call(o, '/api/appointments/book', bookBody(vet.user.id, type.id, start, pets[i]!), i % 2 ? second : app)),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      const refusal = answers.find((a) => a.statusCode === 409)!.json<{ code: string; alternatives: string[] }>();
      expect(refusal.code).toBe('SLOT_TAKEN');
      expect(refusal.alternatives.length).toBeGreaterThan(0);
      expect(refusal.alternatives).not.toContain(start);
      expect(await held(vet.user.id, start)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('capacity 2 takes two at once, and a practice that confirms each booking gets a request', async () => {
    const { vet, type } = await bookablePractice({ capacity: 2, confirm_each: true });
    const start = (await slotsOf(vet.user.id, type.id)).slots[2]!.start;
    const owners = await Promise.all(Array.from({ length: 6 }, (_, i) => owner(`Cap${i}`)));
    const answers = await Promise.all(owners.map(async (o) => call(o, '/api/appointments/book', bookBody(vet.user.id, type.id, start, await petOf(o)))));
    expect(answers.filter((a) => a.statusCode === 200).map((a) => a.json<{ state: string }>().state)).toEqual(['requested', 'requested']);
    expect(await held(vet.user.id, start)).toBe(2);
  });

  it('a reschedule racing a booking for the same time: one of them holds it, the moved visit is never at both times or neither', async () => {
    const { vet, type } = await bookablePractice();
    const slots = (await slotsOf(vet.user.id, type.id)).slots;
    const [from, to] = [slots[4]!.start, slots[8]!.start];
    const olive = await owner();
    const booked = (await call(olive, '/api/appointments/book', bookBody(vet.user.id, type.id, from, await petOf(olive)))).json<{ id: number }>();
    const pia = await owner('Pia');
    const piaPet = await petOf(pia);
    const [moved, other] = await Promise.all([
      call(olive, '/api/appointments/reschedule', { id: booked.id, start: to }),
      call(pia, '/api/appointments/book', bookBody(vet.user.id, type.id, to, piaPet)),
    ]);
    expect([moved.statusCode, other.statusCode].sort()).toEqual([200, 409]);
    expect(await held(vet.user.id, to)).toBe(1);
    const [row] = await app.database.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(row!.start!.toISOString()).toBe(moved.statusCode === 200 ? to : from);
    expect(await held(vet.user.id, from)).toBe(moved.statusCode === 200 ? 0 : 1);
  });

  it('a busy time added while owners book takes effect for every booking after it', async () => {
    const { vet, type } = await bookablePractice({ capacity: 20 });
    const start = (await slotsOf(vet.user.id, type.id)).slots[6]!.start;
    const owners = await Promise.all(Array.from({ length: 10 }, (_, i) => owner(`Busy${i}`)));
    const pets = await Promise.all(owners.map((o) => petOf(o)));
    const end = new Date(new Date(start).getTime() + HOUR).toISOString();
    const [busy] = await Promise.all([
      call(vet, '/api/user/busy/add', { start, end, note: 'Surgery' }),
      ...owners.map((o, i) => call(o, '/api/appointments/book', bookBody(vet.user.id, type.id, start, pets[i]!))),
    ]);
    expect(busy.statusCode).toBe(200);
    // Bookings that came before the busy time stand; none comes after it.
    const late = await owner('Late');
    expect((await call(late, '/api/appointments/book', bookBody(vet.user.id, type.id, start, await petOf(late)))).json()).toMatchObject({ code: 'SLOT_TAKEN' });
    expect(await held(vet.user.id, start)).toBeLessThanOrEqual(10);
  });

  it('reschedule sends the same UID with a higher SEQUENCE; cancelling the confirmed visit sends METHOD:CANCEL', async () => {
    const { vet, type } = await bookablePractice();
    const slots = (await slotsOf(vet.user.id, type.id)).slots;
    const olive = await owner();
    const { id } = (await call(olive, '/api/appointments/book', bookBody(vet.user.id, type.id, slots[1]!.start, await petOf(olive)))).json<{ id: number }>();
    const moved = await call(olive, '/api/appointments/reschedule', { id, start: slots[12]!.start });
    expect(moved.statusCode, moved.body).toBe(200);
    const update = await smtp.waitFor(
      (m) => m.to.includes(olive.user.email) && m.subject === APPOINTMENT_SUBJECTS.rescheduled && icsOf(m).includes(`appointment-${id}@`),
    );
    expect(icsOf(update)).toContain('SEQUENCE:1');
    expect(icsOf(update)).toContain('METHOD:REQUEST');
    await smtp.waitFor((m) => m.to.includes(vet.user.email) && m.subject === APPOINTMENT_SUBJECTS.rescheduled);
    expect((await slotsOf(vet.user.id, type.id)).slots.map((s) => s.start)).toContain(slots[1]!.start);
    // Someone else's booking cannot be moved.
    const pia = await owner('Pia');
    expect((await call(pia, '/api/appointments/reschedule', { id, start: slots[20]!.start })).statusCode).toBe(404);
    expect((await call(olive, '/api/appointments/cancel', { id })).statusCode).toBe(200);
    const cancel = await smtp.waitFor(
      (m) => m.to.includes(vet.user.email) && m.subject === APPOINTMENT_SUBJECTS.cancelled_by_owner && icsOf(m).includes(`appointment-${id}@`),
    );
    expect(icsOf(cancel)).toContain('METHOD:CANCEL');
    expect(icsOf(cancel)).toContain('SEQUENCE:2');
    expect((await slotsOf(vet.user.id, type.id)).slots.map((s) => s.start)).toContain(slots[12]!.start);
  });

  it('two no-shows at one practice in 90 days end instant booking there with a sentence; a request still goes through', async () => {
    const { vet, type } = await bookablePractice();
    const olive = await owner();
    const pet = await petOf(olive);
    const past = new Date(clock.now().getTime() - 10 * DAY);
    for (let i = 0; i < 2; i++)
      await app.database.db.insert(appointments).values({
        doctorId: vet.user.id,
        ownerId: olive.user.id,
        petName: 'Biscuit',
        species: 'dog',
        reason: 'Did not come.',
        preferred: [past.toISOString()],
        start: past,
        timeZone: 'America/New_York',
        state: 'no_show',
      });
    const start = (await slotsOf(vet.user.id, type.id)).slots[0]!.start;
    const refused = await call(olive, '/api/appointments/book', bookBody(vet.user.id, type.id, start, pet));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NO_SHOWS', message: BOOKING_MESSAGES.noShows });
    const requested = await call(olive, '/api/appointments/request', {
      doctor_id: vet.user.id,
      pet_name: 'Biscuit',
      species: 'dog',
      reason: 'Yearly check-up and vaccines.',
      preferred: [start],
    });
    expect(requested.statusCode, requested.body).toBe(200);
  });
});

describe("the practice's calendar feed and next available", () => {
  it('serves the bookings as text/calendar at a secret address; rotating it retires the old one; forged ones get 404', async () => {
    const { vet, type } = await bookablePractice();
    const olive = await owner();
    const start = (await slotsOf(vet.user.id, type.id)).slots[0]!.start;
    const { id } = (await call(olive, '/api/appointments/book', bookBody(vet.user.id, type.id, start, await petOf(olive)))).json<{ id: number }>();
    const { url } = (await call(vet, '/api/user/calendar-feed', {})).json<{ url: string }>();
    expect((await call(vet, '/api/user/calendar-feed', {})).json<{ url: string }>().url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain(`UID:appointment-${id}@`);
    expect(feed.body).toContain('Biscuit (dog) with Olive Owner');
    const rotated = (await call(vet, '/api/user/calendar-feed/rotate', {})).json<{ url: string }>().url;
    expect(rotated).not.toBe(url);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: "/api/calendar/'%20OR%201=1.ics" })).statusCode).toBe(404);
  });

  it('the profile shows the visit types and the next free start; it moves when that time is booked and as time passes', async () => {
    const { vet, type } = await bookablePractice();
    const profile = async () => (await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: vet.user.id } })).json<DoctorPage>();
    const first = (await slotsOf(vet.user.id, type.id)).slots[0]!.start;
    const page = await profile();
    expect(page.visit_types).toEqual([expect.objectContaining({ id: type.id, name: 'Check-up' })]);
    expect(page.next_available).toBe(first);
    const olive = await owner();
    expect((await call(olive, '/api/appointments/book', bookBody(vet.user.id, type.id, first, await petOf(olive)))).statusCode).toBe(200);
    const next = (await profile()).next_available;
    expect(next).not.toBe(first);
    expect(next).toBe((await slotsOf(vet.user.id, type.id)).slots[0]!.start);
    clock.advance(DAY);
    await app.appointments.booking.refreshDue();
    expect(new Date((await profile()).next_available!).getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it('search filters by available within N days and sorts by soonest, reading the stored next_available', async () => {
    const soon = await bookablePractice({}, 'WY');
    const later = await bookablePractice({ lead_hours: 72 }, 'WY');
    const never = await createVet(app, { plan: 2, state: 'WY', workingTime: WEEK });
    const search = async (extra: Record<string, unknown>) => {
      const answer = await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchState: 'WY', searchCount: 50, ...extra } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: { id: number; next_available?: string | null; time_zone?: string | null }[] }>().data;
    };
    const ids = [soon.vet.user.id, later.vet.user.id, never.user.id];
    const soonest = (await search({ sort: 'soonest' })).filter((card) => ids.includes(card.id));
    expect(soonest.map((card) => card.id)).toEqual(ids);
    expect(soonest[0]!.next_available).toBe((await slotsOf(soon.vet.user.id, soon.type.id)).slots[0]!.start);
    // The card names the practice's zone, in which it shows the time ('Next available: Tue 10:30 AM').
    expect(soonest[0]!.time_zone).toBe('America/New_York');
    expect(soonest[2]!.next_available).toBeNull();
    expect((await search({ available_within_days: 1 })).map((card) => card.id).filter((id) => ids.includes(id))).toEqual([soon.vet.user.id]);
    expect(
      (await search({ available_within_days: 7 }))
        .map((card) => card.id)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual([soon.vet.user.id, later.vet.user.id].sort());
    expect((await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchState: 'WY', available_within_days: 15 } })).statusCode).toBe(400);
  });
});
