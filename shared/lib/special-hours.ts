// Holiday and special hours (docs/product.md section 22): dated exceptions to a practice's week, in the
// practice's own time zone. An entry decides its whole calendar date there, from 00:00 to 24:00: closed,
// or open from `open` to `close` on that date. Run by the server (open now in search and on profiles,
// the structured data, the rules a save must meet) and by the pages (the wizard's checks, the profile).
// No TypeBox here: the pages that check a field do not download it.
import { formatCalendarDate } from './formats';
import { isOneLine } from './text-rules';
import { wallClock } from './zone-clock';

export interface SpecialDay {
  /** The practice's local date, 'YYYY-MM-DD'. */
  date: string;
  closed: boolean;
  open?: string | undefined;
  close?: string | undefined;
  /** A short plain-text reason shown to owners ('Christmas'). */
  note?: string | undefined;
}

export const SPECIAL_HOURS_LIMITS = {
  /** The most dated entries a practice keeps. */
  max: 60,
  /** How far ahead an entry may be, in months from the practice's today. */
  monthsAhead: 12,
  noteMax: 80,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes from midnight of 'HH:MM'; '23:59' closes at midnight (as doctor_week_hours() in SQL). */
export function dayMinute(hhmm: string | undefined, closing = false): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm ?? '');
  if (!match) return null;
  const value = Number(match[1]) * 60 + Number(match[2]);
  return closing && value === 1439 ? 1440 : value;
}

/** The practice's local date ('YYYY-MM-DD') and minute of the day at `at`; null for a zone the runtime does not know. */
export function localDateAt(timeZone: string, at: Date): { readonly date: string; readonly minute: number } | null {
  return wallClock(timeZone, at);
}

/** A calendar date moved by whole days or months (calendar arithmetic, no time zone involved). */
export function shiftDate(date: string, days: number, months = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1 + months, d + days));
  // A month later than 31 January is the last day of February, not 3 March.
  if (months && moved.getUTCDate() !== d && days === 0) moved.setUTCDate(0);
  return moved.toISOString().slice(0, 10);
}

/** The weekday key ('mon'..'sun') of a calendar date. */
export function weekdayOf(date: string): string {
  return ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/**
 * Whether the practice is open at `at` by a special entry for its local date: true or false when an
 * entry decides that date, null when none does (then the week decides) or the zone is unknown.
 */
export function specialOpenAt(special: readonly SpecialDay[] | null | undefined, timeZone: string | null, at: Date): boolean | null {
  if (!special?.length || !timeZone) return null;
  const local = localDateAt(timeZone, at);
  if (!local) return null;
  const entry = special.find((day) => day.date === local.date);
  if (!entry) return null;
  return openOnSpecialDay(entry, local.minute);
}

/** Whether a special day is open at a minute of that day. */
export function openOnSpecialDay(entry: SpecialDay, minute: number): boolean {
  if (entry.closed) return false;
  const open = dayMinute(entry.open);
  const close = dayMinute(entry.close, true);
  return open !== null && close !== null && open <= minute && minute < close;
}

/** Entries from the practice's today on, in date order (past ones are history and shown nowhere). */
export function upcomingSpecialHours(special: readonly SpecialDay[] | null | undefined, timeZone: string | null, at: Date): SpecialDay[] {
  const today = (timeZone && localDateAt(timeZone, at)?.date) || at.toISOString().slice(0, 10);
  return [...(special ?? [])].filter((day) => day.date >= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** A note as stored: spaces folded, trimmed. */
export const cleanNote = (note: string | undefined) => (note ?? '').trim().replace(/\s+/g, ' ');

/**
 * The rules a list of special hours must meet to be saved (docs/product.md section 22): a sentence for
 * the first problem, or undefined. `timeZone` is the practice's; `now` the server's clock.
 */
export function checkSpecialHours(entries: readonly SpecialDay[], timeZone: string, now: Date): string | undefined {
  if (entries.length > SPECIAL_HOURS_LIMITS.max) return `Enter at most ${SPECIAL_HOURS_LIMITS.max} special days; remove some that are further away.`;
  const today = localDateAt(timeZone, now)?.date ?? now.toISOString().slice(0, 10);
  const last = shiftDate(today, 0, SPECIAL_HOURS_LIMITS.monthsAhead);
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const match = DATE.exec(entry.date);
    if (!match || shiftDate(entry.date, 0) !== entry.date) return `Special day ${index + 1}: enter the date as YYYY-MM-DD, e.g. ${shiftDate(today, 30)}.`;
    const name = formatCalendarDate(entry.date);
    if (entry.date < today) return `${name} has passed: remove that special day.`;
    if (entry.date > last) return `${name} is more than ${SPECIAL_HOURS_LIMITS.monthsAhead} months away: enter special days up to ${formatCalendarDate(last)}.`;
    if (seen.has(entry.date)) return `${name} is entered twice: keep one entry per date.`;
    seen.add(entry.date);
    if (!entry.closed) {
      if (!entry.open || !HHMM.test(entry.open) || !entry.close || !HHMM.test(entry.close))
        return `${name}: enter the opening and closing times as HH:MM, or mark the day closed.`;
      if (entry.close <= entry.open) return `${name}: the closing time must be after the opening time.`;
    }
    const note = cleanNote(entry.note);
    if (note.length > SPECIAL_HOURS_LIMITS.noteMax) return `${name}: keep the note to ${SPECIAL_HOURS_LIMITS.noteMax} characters.`;
    if (/[<>]/.test(note) || !isOneLine(entry.note ?? '')) return `${name}: write the note as plain text on one line, without < or >.`;
  }
  return undefined;
}

/** The list as stored: sorted by date, closed days without times, notes cleaned. */
export function cleanSpecialHours(entries: readonly SpecialDay[]): SpecialDay[] {
  return [...entries]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((entry) => {
      const note = cleanNote(entry.note);
      const base = entry.closed ? { date: entry.date, closed: true } : { date: entry.date, closed: false, open: entry.open!, close: entry.close! };
      return note ? { ...base, note } : base;
    });
}
