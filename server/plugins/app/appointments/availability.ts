// Which starts are free to book (docs/product.md 30.3): the practice's bookable hours, inside its opening
// hours of that date (a special day replaces the week), at its step, from the lead time to the horizon,
// minus busy times and minus the moments where `capacity` bookings already overlap. One read of the
// facts (settings, hours, busy times and held bookings of the window: four indexed statements), then a
// walk in memory; the same walk decides a booking inside the practice's lock (booking-commands.ts).
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { appointments, bookingSettings, busyTimes, profiles, visitTypes, type WorkingDay } from '../../../db/schema';
import { zonedTime } from '../../../../shared/lib/appointment-rules';
import { dayMinute, localDateAt, shiftDate, type SpecialDay } from '../../../../shared/lib/special-hours';
import { BOOKING_DAY_KEYS, clockMinutes } from '../../../../shared/lib/booking-rules';
import { formatTimeInZone } from '../../../../shared/lib/formats';
import type { VisitType } from '../../../../shared/schemas/booking';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The longest visit: a held booking that overlaps a start began at most this long before it. */
const LONGEST_MS = 240 * MINUTE;

export type SettingsRow = typeof bookingSettings.$inferSelect;
type VisitTypeRow = typeof visitTypes.$inferSelect;

/** Everything a walk needs about one practice and one window. */
export interface BookingFacts {
  settings: SettingsRow;
  timeZone: string;
  week: WorkingDay[];
  special: SpecialDay[];
  /** Merged, sorted, non-overlapping busy ranges in ms. */
  busy: [number, number][];
  /** Held bookings sorted by start, in ms. */
  held: { start: number; end: number }[];
}

export const presentVisitType = (row: VisitTypeRow): VisitType => ({
  id: row.id,
  name: row.name,
  minutes: row.minutes,
  species: row.species,
  new_patients: row.newPatients,
  price_from: row.priceFrom,
});

/** A practice's visit types in their order. */
export async function readVisitTypes(db: DbOrTx, doctorId: number): Promise<VisitType[]> {
  const rows = await db.select().from(visitTypes).where(eq(visitTypes.doctorId, doctorId)).orderBy(asc(visitTypes.position), asc(visitTypes.id));
  return rows.map(presentVisitType);
}

/** Sorted ranges merged where they touch or overlap. */
function merged(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of ranges) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/**
 * Reads the facts of [from, to) for one practice, or undefined when it publishes no bookable times.
 * `exceptId`: a booking being moved does not count against its own new time.
 */
export async function readFacts(db: DbOrTx, doctorId: number, from: Date, to: Date, exceptId?: number): Promise<BookingFacts | undefined> {
  const [row] = await db
    .select({ settings: bookingSettings, week: profiles.workingTime, timeZone: profiles.timeZone, special: profiles.specialHours })
    .from(bookingSettings)
    .innerJoin(profiles, eq(profiles.userId, bookingSettings.doctorId))
    .where(eq(bookingSettings.doctorId, doctorId));
  if (!row || !row.settings.enabled || !row.timeZone || !row.week) return undefined;
  const busyRows = await db
    .select({ start: busyTimes.start, end: busyTimes.end })
    .from(busyTimes)
    .where(and(eq(busyTimes.doctorId, doctorId), lt(busyTimes.start, to), gt(busyTimes.end, from)));
  const heldRows = await db
    .select({ start: appointments.start, end: appointments.endAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        sql`${appointments.state} IN ('requested', 'confirmed') AND ${appointments.start} IS NOT NULL`,
        gt(appointments.start, new Date(from.getTime() - LONGEST_MS)),
        lt(appointments.start, to),
        exceptId ? sql`${appointments.id} <> ${exceptId}` : sql`true`,
      ),
    )
    .orderBy(asc(appointments.start));
  return {
    settings: row.settings,
    timeZone: row.timeZone,
    week: row.week,
    special: row.special,
    busy: merged(busyRows.map((b) => [b.start.getTime(), b.end.getTime()])),
    // A confirmed request of section 14 has no end: it holds half an hour, as its invitation says.
    held: heldRows.map((h) => ({ start: h.start!.getTime(), end: (h.end ?? new Date(h.start!.getTime() + 30 * MINUTE)).getTime() })),
  };
}

/** The opening window of a local date in minutes [open, close), or null when closed. */
function openingOf(facts: BookingFacts, date: string, weekday: number): [number, number] | null {
  const special = facts.special.find((day) => day.date === date);
  const entry = special ?? facts.week.find((day) => day.day === BOOKING_DAY_KEYS[weekday]);
  if (!entry || entry.closed) return null;
  const open = dayMinute(entry.open);
  let close = dayMinute(entry.close, true);
  if (open === null || close === null) return null;
  if (close <= open) close = 1440;
  return [open, close];
}

/** Index of the first element of sorted `list` whose key is >= value. */
function lowerBound<T>(list: T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(list[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether [start, end) touches a busy range. */
function isBusy(busy: [number, number][], start: number, end: number): boolean {
  const i = lowerBound(busy, end, (range) => range[0]) - 1;
  return i >= 0 && busy[i]![1] > start;
}

/** The most held bookings at one moment of [start, end). */
function mostAtOnce(held: { start: number; end: number }[], start: number, end: number): number {
  const upTo = lowerBound(held, end, (h) => h.start);
  const edges: [number, number][] = [];
  for (let i = upTo - 1; i >= 0 && held[i]!.start > start - LONGEST_MS; i--) {
    const h = held[i]!;
    if (h.end > start) edges.push([Math.max(h.start, start), 1], [h.end, -1]);
  }
  if (edges.length <= 2) return edges.length / 2;
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, delta] of edges) {
    now += delta;
    if (now > most) most = now;
  }
  return most;
}

export interface WalkOptions {
  minutes: number;
  now: Date;
  /** The practice's local date to start at. */
  fromDate: string;
  days: number;
  /** Stop after this many starts. */
  limit?: number;
  /** Only starts at or after this moment. */
  notBefore?: number;
}

/** The free starts (ms, ascending) of a visit of `minutes` on `days` local dates from `fromDate`. */
export function freeStarts(facts: BookingFacts, options: WalkOptions): number[] {
  const { settings, timeZone } = facts;
  const length = options.minutes * MINUTE;
  const earliest = Math.max(options.now.getTime() + settings.leadHours * HOUR, options.notBefore ?? 0);
  const latest = options.now.getTime() + settings.horizonDays * DAY;
  const out: number[] = [];
  const seen = new Set<number>();
  for (let offset = 0; offset < options.days; offset++) {
    const date = shiftDate(options.fromDate, offset);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    const opening = openingOf(facts, date, weekday);
    if (!opening) continue;
    const ranges = settings.hours.filter((h) => h.day === weekday).sort((a, b) => (a.open < b.open ? -1 : 1));
    if (ranges.length === 0) continue;
    // Two zone lookups a day instead of one per start: within a day without a clock change, a start is
    // midnight plus its minutes; on a day with one, each start asks the zone.
    const midnight = zonedTime(timeZone, y, m, d, 0).getTime();
    const steady = zonedTime(timeZone, y, m, d, 1439).getTime() === midnight + 1439 * MINUTE;
    const at = (minute: number) => (steady ? midnight + minute * MINUTE : zonedTime(timeZone, y, m, d, minute).getTime());
    for (const range of ranges) {
      const from = Math.max(clockMinutes(range.open) ?? 1440, opening[0]);
      const to = Math.min(clockMinutes(range.close) ?? 0, opening[1]);
      for (let minute = from; minute + options.minutes <= to; minute += settings.stepMinutes) {
        const start = at(minute);
        if (start < earliest || seen.has(start)) continue;
        if (start > latest) return out;
        const end = start + length;
        if (isBusy(facts.busy, start, end) || mostAtOnce(facts.held, start, end) >= settings.capacity) continue;
        seen.add(start);
        out.push(start);
        if (options.limit && out.length >= options.limit) return out;
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/** The practice's local date at `at`. */
export const localDate = (timeZone: string, at: Date): string => localDateAt(timeZone, at)?.date ?? at.toISOString().slice(0, 10);

/** The window of moments that `days` local dates from `fromDate` can cover (a day of margin each side). */
export function windowOf(fromDate: string, days: number): { from: Date; to: Date } {
  const from = new Date(`${fromDate}T00:00:00Z`).getTime() - DAY;
  return { from: new Date(from), to: new Date(from + (days + 2) * DAY) };
}

/** A start as the slot buttons show it: 'Tue 10:30 AM' in the practice's time. */
export const slotLabel = (start: number, timeZone: string): string => formatTimeInZone(new Date(start), timeZone, true);
