// Owners book and move a real time (docs/product.md 30.3-30.6): the public availability of one visit type,
// a booking and a reschedule. A booking and a reschedule decide inside the practice's lock (practiceLock,
// one SELECT ... FOR UPDATE on its booking_settings row): the free starts are walked again there, from the
// database, so two app servers, 50 parallel owners or a busy time added meanwhile can never put more than
// `capacity` bookings on one moment (decision 196). A refused time answers 409 SLOT_TAKEN with the next
// free starts.
import { and, eq, sql } from 'drizzle-orm';
import { appointments, visitTypes } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { readPublicDoctor } from '../listing/doctor-search';
import type { UserRow } from '../users/index';
import { planIncludes } from '../../../../shared/constants/plans';
import { APPOINTMENT_LIMITS, futureTimeProblem } from '../../../../shared/lib/appointment-rules';
import { BOOKING_LIMITS, BOOKING_MESSAGES } from '../../../../shared/lib/booking-rules';
import { shiftDate } from '../../../../shared/lib/special-hours';
import type { AppointmentWriteAnswer } from '../../../../shared/schemas/appointment';
import type { AvailabilityAnswer, AvailabilityInput, BookInput, RescheduleInput } from '../../../../shared/schemas/booking';
import { rowsOf } from '../../../lib/sql-rows';
import { APPOINTMENT_MESSAGES, stateRefusal } from './appointment-deps';
import { notify, partiesOfRow, practiceContact, takeRequestLimits } from './appointment-commands';
import { freeStarts, localDate, presentVisitType, readFacts, slotLabel, windowOf } from './availability';
import { practiceLock } from './booking-settings';
import type { BookingDeps } from './booking-deps';

const DAY = 86_400_000;
const invalid = (field: string, message: string) => domainError(400, 'VALIDATION_ERROR', message, { field });
/** Thrown inside the lock when the time is not free; turned into the 409 with alternatives outside it. */
class SlotTaken extends Error {}

/** The listed practice with a plan that takes requests (404 / 403 otherwise). */
async function bookablePractice(deps: BookingDeps, doctorId: number, now: Date) {
  const listed = await readPublicDoctor(deps.db, doctorId, now);
  if (!listed) throw domainError(404, 'NOT_FOUND', APPOINTMENT_MESSAGES.notListed, { field: 'doctor_id' });
  if (!planIncludes(listed.plan, 'contact_form')) throw domainError(403, 'PLAN_REQUIRED', BOOKING_MESSAGES.notOffered, { field: 'doctor_id' });
  return listed;
}

async function visitTypeOf(deps: BookingDeps, doctorId: number, id: number) {
  const [row] = await deps.db
    .select()
    .from(visitTypes)
    .where(and(eq(visitTypes.id, id), eq(visitTypes.doctorId, doctorId)));
  if (!row) throw domainError(404, 'NOT_FOUND', BOOKING_MESSAGES.noVisitType, { field: 'visit_type_id' });
  return row;
}

const notOffered = () => domainError(404, 'NOT_OFFERED', BOOKING_MESSAGES.notOffered, { field: 'doctor_id' });

/** The public free starts of one visit type over 1-14 of the practice's days (docs/product.md 30.3). */
export async function availability(deps: BookingDeps, input: AvailabilityInput): Promise<AvailabilityAnswer> {
  const now = deps.clock.now();
  await bookablePractice(deps, input.doctor_id, now);
  const type = await visitTypeOf(deps, input.doctor_id, input.visit_type_id);
  const days = input.days ?? 7;
  // The window is read around the asked dates; the zone comes with the facts.
  const probeFrom = input.from ?? now.toISOString().slice(0, 10);
  if (Number.isNaN(new Date(`${probeFrom}T00:00:00Z`).getTime())) throw invalid('from', 'Give the first day as YYYY-MM-DD.');
  const window = windowOf(probeFrom, days + 1);
  const facts = await readFacts(deps.db, input.doctor_id, window.from, window.to);
  if (!facts) throw notOffered();
  const fromDate = input.from ?? localDate(facts.timeZone, now);
  const starts = freeStarts(facts, { minutes: type.minutes, now, fromDate, days });
  return {
    time_zone: facts.timeZone,
    visit_type: presentVisitType(type),
    slots: starts.map((start) => ({ start: new Date(start).toISOString(), label: slotLabel(start, facts.timeZone) })),
  };
}

/** The next free starts after `after` (up to 14 days on), for a SLOT_TAKEN answer. */
async function alternatives(deps: BookingDeps, doctorId: number, minutes: number, after: Date, exceptId?: number): Promise<string[]> {
  const now = deps.clock.now();
  const days = BOOKING_LIMITS.availabilityDaysMax;
  const fromDate = after.toISOString().slice(0, 10);
  const window = windowOf(shiftDate(fromDate, -1), days + 2);
  const facts = await readFacts(deps.db, doctorId, window.from, window.to, exceptId);
  if (!facts) return [];
  const starts = freeStarts(facts, {
    minutes,
    now,
    fromDate: shiftDate(localDate(facts.timeZone, after), 0),
    days,
    notBefore: after.getTime(),
    limit: BOOKING_LIMITS.alternatives,
  });
  return starts.map((start) => new Date(start).toISOString());
}

const slotTaken = (alternatives: string[]) => domainError(409, 'SLOT_TAKEN', BOOKING_MESSAGES.slotTaken, { field: 'start', alternatives });

/** Whether `start` is one of the free starts of a visit of `minutes`, by facts read inside the lock. */
async function isFree(tx: Parameters<typeof readFacts>[0], doctorId: number, start: Date, minutes: number, now: Date, exceptId?: number) {
  const facts = await readFacts(tx, doctorId, new Date(start.getTime() - 2 * DAY), new Date(start.getTime() + 2 * DAY), exceptId);
  if (!facts) throw notOffered();
  const fromDate = localDate(facts.timeZone, start);
  return { facts, free: freeStarts(facts, { minutes, now, fromDate, days: 1 }).includes(start.getTime()) };
}

/** Missed visits of an owner at one practice in the last 90 days (docs/product.md 30.6). */
async function recentNoShows(deps: BookingDeps, ownerId: number, doctorId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - BOOKING_LIMITS.noShowWindowDays * DAY);
  const rows = await deps.db.execute(sql`
    SELECT count(*)::int AS n FROM appointments
    WHERE owner_id = ${ownerId} AND doctor_id = ${doctorId} AND state = 'no_show' AND start > ${since}`);
  return rowsOf<{ n: number }>(rows)[0]?.n ?? 0;
}

export async function book(deps: BookingDeps, owner: UserRow, input: BookInput): Promise<AppointmentWriteAnswer> {
  const now = deps.clock.now();
  if (input.doctor_id === owner.id) throw domainError(403, 'OWN_PRACTICE', BOOKING_MESSAGES.ownPractice, { field: 'doctor_id' });
  await bookablePractice(deps, input.doctor_id, now);
  const type = await visitTypeOf(deps, input.doctor_id, input.visit_type_id);
  const pet = await deps.petOf(owner.id, input.pet_id);
  const reason = input.reason.replace(/\r\n/g, '\n').trim();
  if (reason.length < APPOINTMENT_LIMITS.reasonMin)
    throw invalid('reason', `Describe the reason for the visit in at least ${APPOINTMENT_LIMITS.reasonMin} characters.`);
  const problem = futureTimeProblem(input.start, now, BOOKING_LIMITS.horizonDaysMax);
  if (problem) throw invalid('start', problem);
  if ((await recentNoShows(deps, owner.id, input.doctor_id, now)) >= BOOKING_LIMITS.noShowLimit) throw domainError(403, 'NO_SHOWS', BOOKING_MESSAGES.noShows);
  const start = new Date(input.start);
  const end = new Date(start.getTime() + type.minutes * 60_000);
  const practice = await practiceContact(deps.db, input.doctor_id);
  const day = now.toISOString().slice(0, 10);
  let created: typeof appointments.$inferSelect;
  try {
    created = await deps.db.transaction(async (tx) => {
      await practiceLock(tx, input.doctor_id);
      const { facts, free } = await isFree(tx, input.doctor_id, start, type.minutes, now);
      if (!free) throw new SlotTaken();
      const state = facts.settings.confirmEach ? 'requested' : 'confirmed';
      // A booking waiting for the practice counts as an open request.
      await takeRequestLimits(tx, owner.id, input.doctor_id, day, state === 'requested');
      const [row] = await tx
        .insert(appointments)
        .values({
          doctorId: input.doctor_id,
          ownerId: owner.id,
          petName: pet.name,
          species: pet.species,
          reason,
          preferred: [start.toISOString()],
          start,
          endAt: end,
          visitTypeId: type.id,
          timeZone: facts.timeZone,
          state,
          createdAt: now,
          updatedAt: now,
          ...pet.columns,
        })
        .returning();
      const parties = { owner, practice };
      if (state === 'confirmed') {
        await notify(deps, tx, row!, 'confirmed', parties, false, now);
        await notify(deps, tx, row!, 'booked', parties, true, now);
      } else await notify(deps, tx, row!, 'requested', parties, true, now);
      return row!;
    });
  } catch (error) {
    if (error instanceof SlotTaken) throw slotTaken(await alternatives(deps, input.doctor_id, type.minutes, start));
    throw error;
  }
  await deps.refreshNext(input.doctor_id);
  return { id: created.id, state: created.state };
}

/**
 * Moves the owner's booking to another free start (docs/product.md 30.4): under the practice's lock the new
 * time is checked with the booking itself left out, then one UPDATE moves it, so the old time is free only
 * once the new one is held. Both sides get the .ics with the same UID and a higher SEQUENCE.
 */
export async function reschedule(deps: BookingDeps, owner: UserRow, input: RescheduleInput): Promise<AppointmentWriteAnswer> {
  const now = deps.clock.now();
  const [before] = await deps.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, input.id), eq(appointments.ownerId, owner.id)));
  if (!before) throw domainError(404, 'NOT_FOUND', APPOINTMENT_MESSAGES.notYours, { field: 'id' });
  if (!before.endAt || !before.start) throw domainError(409, 'NOT_BOOKING', BOOKING_MESSAGES.notBooking);
  if (before.state !== 'confirmed' && before.state !== 'requested')
    throw domainError(409, 'INVALID_STATE', stateRefusal(before.state, 'reschedule'), { state: before.state });
  if (before.start <= now) throw domainError(409, 'ALREADY_STARTED', 'This appointment has already started; it can no longer be moved.');
  const problem = futureTimeProblem(input.start, now, BOOKING_LIMITS.horizonDaysMax);
  if (problem) throw invalid('start', problem);
  const minutes = Math.round((before.endAt.getTime() - before.start.getTime()) / 60_000);
  const start = new Date(input.start);
  const parties = await partiesOfRow(deps.db, before);
  let moved: typeof appointments.$inferSelect | undefined;
  try {
    moved = await deps.db.transaction(async (tx) => {
      await practiceLock(tx, before.doctorId);
      const { free } = await isFree(tx, before.doctorId, start, minutes, now, before.id);
      if (!free) throw new SlotTaken();
      const [row] = await tx
        .update(appointments)
        .set({
          start,
          endAt: new Date(start.getTime() + minutes * 60_000),
          preferred: [start.toISOString()],
          sequence: sql`${appointments.sequence} + 1`,
          reminderSentAt: null,
          updatedAt: now,
        })
        .where(and(eq(appointments.id, before.id), sql`${appointments.state} IN ('requested', 'confirmed')`, sql`${appointments.start} > ${now}`))
        .returning();
      if (!row) return undefined;
      await notify(deps, tx, row, 'rescheduled', parties, true, now);
      if (row.state === 'confirmed') await notify(deps, tx, row, 'rescheduled', parties, false, now);
      return row;
    });
  } catch (error) {
    if (error instanceof SlotTaken) throw slotTaken(await alternatives(deps, before.doctorId, minutes, start, before.id));
    throw error;
  }
  if (!moved) throw domainError(409, 'INVALID_STATE', 'This appointment changed meanwhile; it cannot be moved now.');
  await deps.refreshNext(before.doctorId);
  return { id: moved.id, state: moved.state };
}
