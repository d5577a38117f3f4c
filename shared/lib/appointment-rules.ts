// The rules of appointment requests (docs/product.md section 19) that the server enforces and the web
// forms show before sending: the states and the one table of moves between them, the limits, the
// checks of a requested time, the times a practice's opening hours offer, and times shown in a zone.
import { countOf } from './formats';
import { DAYS } from '../constants/days';
import { clinicClock, isOpenAt, type DayHours } from './opening-hours';
import { wallClock, type WallClock } from './zone-clock';

export const APPOINTMENT_STATES = ['requested', 'proposed', 'confirmed', 'declined', 'cancelled', 'completed', 'no_show'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

/** Who moves an appointment: the pet owner who asked, or the practice asked. */
export type AppointmentSide = 'owner' | 'practice';

/** Every move a call can make. */
export type AppointmentMove = 'confirm' | 'decline' | 'propose' | 'accept' | 'cancel' | 'complete' | 'no_show';

/**
 * The state machine (docs/product.md 19.2), in one place: for each move, the states each side may make it
 * from, and the state it leads to. Any other move is refused with 409 and changes nothing; the server
 * applies a move as one UPDATE ... WHERE state IN (from) so parallel moves cannot both pass.
 */
export const APPOINTMENT_MOVES: Record<AppointmentMove, { from: Partial<Record<AppointmentSide, readonly AppointmentState[]>>; to: AppointmentState }> = {
  confirm: { from: { practice: ['requested'] }, to: 'confirmed' },
  decline: { from: { practice: ['requested'] }, to: 'declined' },
  propose: { from: { practice: ['requested'] }, to: 'proposed' },
  accept: { from: { owner: ['proposed'] }, to: 'confirmed' },
  // The owner withdraws at any open stage; the practice declines a request instead of cancelling it.
  cancel: { from: { owner: ['requested', 'proposed', 'confirmed'], practice: ['proposed', 'confirmed'] }, to: 'cancelled' },
  complete: { from: { practice: ['confirmed'] }, to: 'completed' },
  no_show: { from: { practice: ['confirmed'] }, to: 'no_show' },
};

/** The states a move by `side` may start from ([] when that side may not make it). */
export function movableFrom(move: AppointmentMove, side: AppointmentSide): readonly AppointmentState[] {
  return APPOINTMENT_MOVES[move].from[side] ?? [];
}

/** Whether `side` may move an appointment in `state` by `move`. */
export function canMove(state: AppointmentState, move: AppointmentMove, side: AppointmentSide): boolean {
  return movableFrom(move, side).includes(state);
}

/** States in which a request still waits for an answer: they count against the open limit. */
export const OPEN_STATES: readonly AppointmentState[] = ['requested', 'proposed'];
export const isOpen = (state: AppointmentState) => OPEN_STATES.includes(state);

export const APPOINTMENT_LIMITS = {
  reasonMin: 10,
  reasonMax: 1000,
  petNameMax: 60,
  speciesMax: 40,
  phoneMax: 30,
  messageMax: 1000,
  preferredMax: 3,
  /** Requested times lie within this many days. */
  horizonDays: 60,
  /** Open requests (requested or proposed) per account. */
  openPerAccount: 3,
  /** Requests an account sends per day (UTC). */
  perAccountPerDay: 10,
  /** Requests a practice receives per day (UTC). */
  perPracticePerDay: 100,
  /** Response time shows once a practice has answered this many requests within the window. */
  responseTimeAnswers: 5,
  responseTimeWindowDays: 90,
  /** The reminder goes this long before a confirmed start. */
  reminderBeforeMs: 24 * 3_600_000,
  /** The step of the times the request form offers, in minutes. */
  slotMinutes: 30,
} as const;

/** An ISO 8601 date and time with seconds optional and an explicit offset (Z or ±HH:MM). */
export const ISO_WITH_OFFSET = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$';
const ISO_RE = new RegExp(ISO_WITH_OFFSET);

const DAY_MS = 86_400_000;

/** A time's problem as a plain sentence, or null: a real moment, in the future, within the horizon. */
export function futureTimeProblem(value: string, now: Date, horizonDays: number | null = APPOINTMENT_LIMITS.horizonDays): string | null {
  const at = ISO_RE.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return 'Give each time as a date and time with its time zone offset, for example 2026-03-02T10:30:00-05:00.';
  if (at.getTime() <= now.getTime()) return 'Choose a time in the future.';
  if (horizonDays !== null && at.getTime() > now.getTime() + horizonDays * DAY_MS) return `Choose a time within the next ${horizonDays} days.`;
  return null;
}

/** The problem of a requested time at a practice (also outside its opening hours), or null. */
export function requestedTimeProblem(value: string, hours: DayHours[], timeZone: string, now: Date): string | null {
  const problem = futureTimeProblem(value, now);
  if (problem) return problem;
  if (isOpenAt(hours, timeZone, new Date(value)) !== true) return 'Choose a time when the practice is open (see its opening hours).';
  return null;
}

const minutes = (hhmm: string | undefined) => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** The offset of `timeZone` from UTC at `at`, in minutes (New York in winter: -300); throws for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  return clockOf(timeZone, at).offset;
}

function clockOf(timeZone: string, at: Date): WallClock {
  const clock = wallClock(timeZone, at);
  if (!clock) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return clock;
}

/** The moment a wall-clock time in `timeZone` names (the later one when a clock change repeats it). */
export function zonedTime(timeZone: string, year: number, month: number, day: number, minuteOfDay: number): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  let at = guess - zoneOffsetMinutes(timeZone, new Date(guess)) * 60_000;
  at = guess - zoneOffsetMinutes(timeZone, new Date(at)) * 60_000;
  return new Date(at);
}

/** The calendar date (year, month, day) at `at` in `timeZone`. */
function zonedDate(timeZone: string, at: Date): { year: number; month: number; day: number } {
  const { year, month, day } = clockOf(timeZone, at);
  return { year, month, day };
}

/**
 * The times a practice's opening hours offer for a request (docs/product.md 19.1): every `slotMinutes`
 * from opening until half an hour before closing, on the days from `now` to the horizon, in the
 * practice's zone, as UTC ISO strings, each one that the server's check accepts.
 */
export function openingSlots(hours: DayHours[], timeZone: string, now: Date, days = 14): string[] {
  const slots: string[] = [];
  const step = APPOINTMENT_LIMITS.slotMinutes;
  const today = zonedDate(timeZone, now);
  for (let offset = 0; offset < Math.min(days, APPOINTMENT_LIMITS.horizonDays); offset++) {
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const date = { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
    const weekday = DAYS[(noon.getUTCDay() + 6) % 7];
    const entry = hours.find((h) => h.day === weekday && !h.closed);
    const open = minutes(entry?.open);
    let close = minutes(entry?.close);
    if (open === null || close === null) continue;
    if (close <= open) close += 24 * 60;
    for (let minute = open; minute + step <= close; minute += step) {
      const at = zonedTime(timeZone, date.year, date.month, date.day, minute);
      const iso = at.toISOString();
      if (requestedTimeProblem(iso, hours, timeZone, now) === null && !slots.includes(iso)) slots.push(iso);
    }
  }
  return slots;
}

/** Whether a zone name is one this runtime knows. */
export function knownZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  return clinicClock(timeZone, new Date(0)) !== null;
}

/** The hours a profile and a card show for a stored median: whole hours, at least 1 (null: none yet). */
export const shownResponseHours = (median: number | null | undefined): number | null =>
  median === null || median === undefined ? null : Math.max(1, Math.ceil(Number(median)));

/** 'Usually answers within 3 hours' (docs/product.md 19.6). */
export function responseTimeText(hours: number): string {
  return `Usually answers within ${hours < 24 ? countOf(hours, 'hour') : countOf(Math.ceil(hours / 24), 'day')}`;
}
