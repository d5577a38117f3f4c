// The wall clock of a time zone at a moment: the one place that reads a practice's local date, weekday and minute
// (opening hours, special days, bookable times and the search cards all ask it; docs/product.md sections 19, 22
// and 30). Building an Intl.DateTimeFormat costs far more than using one, so there is one per zone; and the last
// answer per zone holds for its whole minute (zone offsets change on whole minutes), so a page of cards that asks
// for each card reads the parts once.
import { DAYS, type Day } from '../constants/days';

export interface WallClock {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  readonly day: number;
  /** The day of the week as opening hours store it ('mon' ... 'sun'). */
  readonly weekday: Day;
  /** Days since Monday: 0 (Monday) ... 6 (Sunday). */
  readonly weekdayIndex: number;
  /** Minutes since local midnight, 0-1439. */
  readonly minute: number;
  /** 'YYYY-MM-DD'. */
  readonly date: string;
  /** The zone's offset from UTC in minutes at that moment (New York in winter: -300). */
  readonly offset: number;
}

const formats = new Map<string, Intl.DateTimeFormat | null>();
const lastAnswer = new Map<string, { minute: number; clock: WallClock | null }>();
/** Intl's short weekday ('Mon') -> days since Monday. */
const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

function formatOf(timeZone: string): Intl.DateTimeFormat | null {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // A zone the runtime does not know.
      format = null;
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `at`; null for a zone the runtime does not know. */
export function wallClock(timeZone: string, at: Date): WallClock | null {
  const utcMinute = Math.floor(at.getTime() / 60_000);
  const known = lastAnswer.get(timeZone);
  if (known && known.minute === utcMinute) return known.clock;
  const clock = readClock(timeZone, utcMinute);
  lastAnswer.set(timeZone, { minute: utcMinute, clock });
  return clock;
}

function readClock(timeZone: string, utcMinute: number): WallClock | null {
  const format = formatOf(timeZone);
  if (!format) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  let weekdayIndex = 0;
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(new Date(utcMinute * 60_000))) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
    else if (part.type === 'weekday') weekdayIndex = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  const minuteOfDay = hour * 60 + minute;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return {
    year,
    month,
    day,
    weekday: DAYS[weekdayIndex]!,
    weekdayIndex,
    minute: minuteOfDay,
    date: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
    offset: Date.UTC(year, month - 1, day, 0, minuteOfDay) / 60_000 - utcMinute,
  };
}
