// What a practice publishes for booking (docs/product.md 30.1-30.2): its booking settings, its visit types
// and its busy times, each write taken under the practice's lock (practiceLock) so a booking in flight
// either sees it whole or finishes before it. Every write refreshes next_available (next-available.ts).
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookingSettings, busyTimes, profiles, visitTypes, type BookableHours } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { dayMinute } from '../../../../shared/lib/special-hours';
import { BOOKING_DAY_KEYS, BOOKING_LIMITS, BOOKING_MESSAGES, clockMinutes } from '../../../../shared/lib/booking-rules';
import type {
  BookingSettingsAnswer,
  BookingSettingsInput,
  BusyAddInput,
  BusyListAnswer,
  BusyTime,
  VisitTypesAnswer,
  VisitTypesSaveInput,
} from '../../../../shared/schemas/booking';
import { readVisitTypes, type SettingsRow } from './availability';
import type { BookingDeps } from './booking-deps';

const invalid = (field: string, message: string) => domainError(400, 'VALIDATION_ERROR', message, { field });

/** Locks the practice's booking row for this transaction (made first when missing): the one order of every booking write. */
export async function practiceLock(tx: DbOrTx, doctorId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO booking_settings (doctor_id) VALUES (${doctorId}) ON CONFLICT (doctor_id) DO NOTHING`);
  await tx.execute(sql`SELECT doctor_id FROM booking_settings WHERE doctor_id = ${doctorId} FOR UPDATE`);
}

async function settingsRow(db: DbOrTx, doctorId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.doctorId, doctorId));
  return row;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

export async function readSettings(db: DbOrTx, doctorId: number): Promise<BookingSettingsAnswer> {
  const row = await settingsRow(db, doctorId);
  const [profile] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, doctorId));
  return {
    enabled: row?.enabled ?? false,
    step_minutes: (row?.stepMinutes ?? 30) as 10 | 15 | 20 | 30,
    capacity: row?.capacity ?? 1,
    lead_hours: row?.leadHours ?? 2,
    horizon_days: row?.horizonDays ?? 30,
    confirm_each: row?.confirmEach ?? false,
    hours: row?.hours ?? [],
    busy_feed_url: row?.busyFeedUrl ?? null,
    time_zone: profile?.timeZone ?? null,
    feed_read_at: iso(row?.feedReadAt ?? null),
    feed_error: row?.feedError ?? null,
    next_available: iso(row?.nextAvailable ?? null),
  };
}

/** The problem of bookable hours against the weekly opening hours, or null. */
function hoursProblem(hours: BookableHours[], week: { day: string; closed: boolean; open?: string; close?: string }[]): string | null {
  for (const range of hours) {
    const open = clockMinutes(range.open);
    const close = clockMinutes(range.close);
    if (open === null || close === null || close <= open) return 'Each range of bookable hours must close after it opens.';
    const day = week.find((entry) => entry.day === BOOKING_DAY_KEYS[range.day]);
    const dayOpen = day && !day.closed ? dayMinute(day.open) : null;
    let dayClose = day && !day.closed ? dayMinute(day.close, true) : null;
    if (dayOpen === null || dayClose === null) return BOOKING_MESSAGES.outsideOpening;
    if (dayClose <= dayOpen) dayClose = 1440;
    if (open < dayOpen || close > dayClose) return BOOKING_MESSAGES.outsideOpening;
  }
  return null;
}

/** The feed address as stored, or a refusal: https only (http only where tests allow local servers). */
export function checkedFeedUrl(value: string | null | undefined, allowHttp: boolean): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('busy_feed_url', BOOKING_MESSAGES.feedHttps);
  }
  // webcal:// is how calendars often share an https feed.
  if (url.protocol === 'webcal:') url = new URL(`https:${text.slice('webcal:'.length)}`);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) throw invalid('busy_feed_url', BOOKING_MESSAGES.feedHttps);
  if (url.username || url.password) throw invalid('busy_feed_url', 'Give the calendar feed address without a user name or password.');
  return url.toString();
}

export async function saveSettings(deps: BookingDeps, doctorId: number, input: BookingSettingsInput): Promise<BookingSettingsAnswer> {
  const [profile] = await deps.db.select({ week: profiles.workingTime, timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, doctorId));
  const current = await readSettings(deps.db, doctorId);
  const hours = input.hours ?? current.hours;
  const enabled = input.enabled ?? current.enabled;
  if ((enabled || input.hours) && (!profile?.timeZone || !profile.week?.some((day) => !day.closed))) throw invalid('hours', BOOKING_MESSAGES.noHours);
  const problem = profile?.week ? hoursProblem(hours, profile.week) : null;
  if (problem) throw invalid('hours', problem);
  const feed = input.busy_feed_url === undefined ? current.busy_feed_url : checkedFeedUrl(input.busy_feed_url, deps.allowPrivateFeeds);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await practiceLock(tx, doctorId);
    await tx
      .update(bookingSettings)
      .set({
        enabled,
        stepMinutes: input.step_minutes ?? current.step_minutes,
        capacity: input.capacity ?? current.capacity,
        leadHours: input.lead_hours ?? current.lead_hours,
        horizonDays: input.horizon_days ?? current.horizon_days,
        confirmEach: input.confirm_each ?? current.confirm_each,
        hours,
        busyFeedUrl: feed,
        // A new feed address is read at the next sweep; its old events go with it.
        ...(feed !== current.busy_feed_url ? { feedReadAt: null, feedError: null } : {}),
        updatedAt: now,
      })
      .where(eq(bookingSettings.doctorId, doctorId));
    if (feed !== current.busy_feed_url) await tx.delete(busyTimes).where(and(eq(busyTimes.doctorId, doctorId), eq(busyTimes.source, 'feed')));
  });
  await deps.refreshNext(doctorId);
  return readSettings(deps.db, doctorId);
}

export const listVisitTypes = async (db: DbOrTx, doctorId: number): Promise<VisitTypesAnswer> => ({ data: await readVisitTypes(db, doctorId) });

/** Replaces the practice's list: given ids are kept and updated, new ones added, missing ones removed. */
export async function saveVisitTypes(deps: BookingDeps, doctorId: number, input: VisitTypesSaveInput): Promise<VisitTypesAnswer> {
  const names = new Set<string>();
  for (const type of input.visit_types) {
    const name = type.name.trim().toLowerCase();
    if (names.has(name)) throw invalid('visit_types', 'Give each visit type its own name.');
    names.add(name);
  }
  await deps.db.transaction(async (tx) => {
    await practiceLock(tx, doctorId);
    const existing = new Set((await tx.select({ id: visitTypes.id }).from(visitTypes).where(eq(visitTypes.doctorId, doctorId))).map((r) => r.id));
    for (const type of input.visit_types) if (type.id !== undefined && !existing.has(type.id)) throw invalid('visit_types', BOOKING_MESSAGES.sameVisitType);
    const kept = new Set(input.visit_types.flatMap((type) => (type.id === undefined ? [] : [type.id])));
    for (const id of existing) if (!kept.has(id)) await tx.delete(visitTypes).where(eq(visitTypes.id, id));
    for (const [position, type] of input.visit_types.entries()) {
      const values = {
        name: type.name.trim(),
        minutes: type.minutes,
        species: [...new Set(type.species.map((s) => s.trim().toLowerCase()).filter(Boolean))],
        newPatients: type.new_patients,
        priceFrom: type.price_from ?? null,
        position,
      };
      if (type.id === undefined) await tx.insert(visitTypes).values({ doctorId, ...values });
      else await tx.update(visitTypes).set(values).where(eq(visitTypes.id, type.id));
    }
  });
  await deps.refreshNext(doctorId);
  return listVisitTypes(deps.db, doctorId);
}

const presentBusy = (row: typeof busyTimes.$inferSelect): BusyTime => ({
  id: row.id,
  start: row.start.toISOString(),
  end: row.end.toISOString(),
  note: row.note,
  source: row.source,
});

export async function listBusy(db: DbOrTx, doctorId: number, from: string, to: string): Promise<BusyListAnswer> {
  const start = new Date(from);
  const end = new Date(to);
  if (end <= start) throw invalid('to', BOOKING_MESSAGES.busyOrder);
  if (end.getTime() - start.getTime() > 124 * 86_400_000) throw invalid('to', 'Ask for at most 124 days of busy times at once.');
  const rows = await db
    .select()
    .from(busyTimes)
    .where(and(eq(busyTimes.doctorId, doctorId), lt(busyTimes.start, end), gt(busyTimes.end, start)))
    .orderBy(busyTimes.start)
    .limit(2000);
  return { data: rows.map(presentBusy) };
}

export async function addBusy(deps: BookingDeps, doctorId: number, input: BusyAddInput): Promise<BusyTime> {
  const start = new Date(input.start);
  const end = new Date(input.end);
  if (end <= start) throw invalid('end', BOOKING_MESSAGES.busyOrder);
  if (end.getTime() - start.getTime() > BOOKING_LIMITS.busyMaxDays * 86_400_000) throw invalid('end', BOOKING_MESSAGES.busyTooLong);
  const row = await deps.db.transaction(async (tx) => {
    // Under the practice's lock: a booking that starts after this commits sees the busy time (docs/product.md 30.4).
    await practiceLock(tx, doctorId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(busyTimes)
      .where(eq(busyTimes.doctorId, doctorId));
    if ((count?.n ?? 0) >= 5000) throw domainError(409, 'BUSY_LIMIT', 'You have 5,000 busy times already. Remove old ones first.');
    const [added] = await tx
      .insert(busyTimes)
      .values({ doctorId, start, end, note: (input.note ?? '').trim().replace(/\s+/g, ' '), source: 'manual' })
      .returning();
    return added!;
  });
  await deps.refreshNext(doctorId);
  return presentBusy(row);
}

export async function removeBusy(deps: BookingDeps, doctorId: number, id: number): Promise<{ id: number }> {
  const removed = await deps.db.transaction(async (tx) => {
    await practiceLock(tx, doctorId);
    // Feed events come back at the next read: only busy times added by hand are removed here.
    return tx
      .delete(busyTimes)
      .where(and(eq(busyTimes.id, id), eq(busyTimes.doctorId, doctorId), eq(busyTimes.source, 'manual')))
      .returning({ id: busyTimes.id });
  });
  if (removed.length === 0) throw domainError(404, 'NOT_FOUND', BOOKING_MESSAGES.busyNotFound, { field: 'id' });
  await deps.refreshNext(doctorId);
  return { id };
}

/** The practice's secret calendar feed address, made on first ask; `rotate` replaces it (the old one stops working). */
export async function calendarFeedUrl(deps: BookingDeps, doctorId: number, rotate: boolean): Promise<{ url: string }> {
  const token = await deps.db.transaction(async (tx) => {
    await practiceLock(tx, doctorId);
    const row = await settingsRow(tx, doctorId);
    if (row?.calendarToken && !rotate) return row.calendarToken;
    const fresh = randomBytes(24).toString('base64url');
    await tx.update(bookingSettings).set({ calendarToken: fresh }).where(eq(bookingSettings.doctorId, doctorId));
    return fresh;
  });
  return { url: `${deps.publicUrl}/api/calendar/${token}.ics` };
}
