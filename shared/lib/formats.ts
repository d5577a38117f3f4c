// How every page, e-mail and calendar file writes dates, times, time zones, counts and plurals for an
// American reader (docs/product.md section 27): one module over the platform's Intl, so no text anywhere else
// builds a date or a plural by hand. Calendar dates ('YYYY-MM-DD': a holiday, a birthday) are formatted as
// such, never through the reader's zone, so they never move by a day.

const LOCALE = 'en-US';

/** Formats built once per option set and zone (Intl formats are costly to build, cheap to use). */
const formats = new Map<string, Intl.DateTimeFormat | null>();
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(LOCALE, options);
    } catch {
      // An unknown time zone: the caller shows a plainer text.
      format = null;
    }
    formats.set(key, format);
  }
  return format;
}

const asDate = (value: string | Date): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
};

// NOTE: what reads the same in every zone (a whole number, a plural, a UTC or calendar date, a month, a clock time,
// the names of the US zones) is written here from the numbers, exactly as Intl writes it for en-US (formats.test.ts
// compares every case with Intl): the first Intl object a page builds loads the locale's data, which a rendered
// profile paid while its modules loaded and hydrated. A zone's clock and the reader's zone still need Intl
// (docs/product.md 27.1; docs/decisions/266-formats-without-intl-where-the-zone-does-not-matter.md).

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));
/** Years Intl writes as plain digits (no era, no padding question). */
const plainYear = (year: number) => year >= 1000 && year <= 9999;

// ---- numbers and plurals ---------------------------------------------------------------------

/** 1,234 */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString(LOCALE);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/** '0 results', '1 result', '1,200 results'; `plural` for nouns that do not just add an s ('1 pet owner', '2 pet owners'). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${pluralOf(count, singular, plural)}`;
}

/** The noun alone that agrees with `count`, for a text that shows the number apart: 'request', 'requests'. */
export function pluralOf(count: number, singular: string, plural = `${singular}s`): string {
  // English has one plural rule: 'one' for exactly 1 (or -1), 'other' for every other number, 0 and 1.5 included.
  return Math.abs(count) === 1 ? singular : plural;
}

// ---- dates -----------------------------------------------------------------------------------

/**
 * A moment's calendar day in UTC as the spec writes dates, 'MMM DD, YYYY' ('Nov 05, 2026'): the server renders
 * public pages with it and the browser must show the same text wherever it is (decision 089).
 */
export function formatDate(iso: string | Date): string {
  const date = asDate(iso);
  if (!date) return '';
  const year = date.getUTCFullYear();
  if (!plainYear(year)) return dateFormat({ month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' })!.format(date);
  return `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${twoDigits(date.getUTCDate())}, ${year}`;
}

/** A moment with its time, 12-hour, in `timeZone` (the reader's by default): 'Nov 05, 2026, 2:30 PM' (audit entries). */
export function formatDateTime(iso: string | Date, timeZone?: string): string {
  const date = asDate(iso);
  const format = dateFormat({ month: 'short', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) });
  return date && format ? format.format(date) : '';
}

/**
 * When a message was sent, as a conversation list shows it in the reader's zone: '3:15 PM' today, 'Nov 5' this
 * year, 'Nov 5, 2025' before. `timeZone` for tests and the server; the reader's own by default.
 */
export function formatMessageTime(iso: string | Date, now: Date, timeZone?: string): string {
  const date = asDate(iso);
  if (!date) return '';
  const zone = timeZone ? { timeZone } : {};
  const day = (at: Date) => dateFormat({ year: 'numeric', month: 'numeric', day: 'numeric', ...zone })?.format(at);
  const year = (at: Date) => dateFormat({ year: 'numeric', ...zone })?.format(at);
  const options: Intl.DateTimeFormatOptions =
    day(date) === day(now)
      ? { hour: 'numeric', minute: '2-digit' }
      : year(date) === year(now)
        ? { month: 'short', day: 'numeric' }
        : { month: 'short', day: 'numeric', year: 'numeric' };
  return dateFormat({ ...options, ...zone })?.format(date) ?? '';
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date ('2026-12-24') as people read it: 'Dec 24, 2026' by default, 'Thursday, Dec 24' with
 * `{ weekday: true, year: false }`, 'Thu, Dec 24' with `{ weekday: 'short', year: false }` (a booking day strip). Read in UTC on purpose: the date names a day, not a moment.
 */
export function formatCalendarDate(date: string, { weekday = false, year = true }: { weekday?: boolean | 'short'; year?: boolean } = {}): string {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return date;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const fullYear = at.getUTCFullYear();
  if (plainYear(fullYear)) {
    const day = at.getUTCDate();
    const monthDay = `${MONTHS[at.getUTCMonth()]!.slice(0, 3)} ${year ? twoDigits(day) : day}`;
    const dated = year ? `${monthDay}, ${fullYear}` : monthDay;
    if (!weekday) return dated;
    const name = WEEKDAYS[at.getUTCDay()]!;
    return `${weekday === 'short' ? name.slice(0, 3) : name}, ${dated}`;
  }
  return dateFormat({
    ...(weekday ? { weekday: weekday === 'short' ? 'short' : 'long' } : {}),
    month: 'short',
    day: year ? '2-digit' : 'numeric',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  })!.format(at);
}

const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

/** A month of a year ('2026-10') as people read it: 'October 2026'. */
export function formatMonth(yearMonth: string): string {
  const match = YEAR_MONTH.exec(yearMonth);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return yearMonth;
  if (plainYear(Number(match[1]))) return `${MONTHS[Number(match[2]) - 1]} ${Number(match[1])}`;
  return dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' })!.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** The twelve month names, January first (a month picker). */
export function monthNames(): readonly string[] {
  return MONTHS;
}

// ---- clock times and opening hours -------------------------------------------------------------

const HHMM = /^(\d{1,2}):(\d{2})$/;

/** A wall-clock time 'HH:MM' (24-hour, as stored) in 12-hour form: '19:30' -> '7:30 PM', '00:00' -> '12:00 AM'. */
export function formatClock(hhmm: string | undefined): string {
  const match = HHMM.exec(hhmm ?? '');
  if (!match) return hhmm ?? '';
  // Minutes past 59 carry into the hour, as a Date built from them would.
  const minutes = ((Number(match[1]) % 24) * 60 + Number(match[2])) % (24 * 60);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 || 12}:${twoDigits(minutes % 60)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A day's opening, stored 'HH:MM' to 'HH:MM': '7:30 AM – 8:00 PM', or 'Open 24 hours' for a day from midnight to midnight. */
export function formatHours(open: string | undefined, close: string | undefined): string {
  if (open === '00:00' && (close === '23:59' || close === '00:00' || close === '24:00')) return 'Open 24 hours';
  return `${formatClock(open)} – ${formatClock(close)}`;
}

/** One row of a week: 'Closed', 'Open 24 hours' or '7:30 AM – 8:00 PM'. */
export const formatDayHours = (day: { closed: boolean; open?: string | undefined; close?: string | undefined }): string =>
  day.closed ? 'Closed' : formatHours(day.open, day.close);

/**
 * The badge of whether a practice is open: 'Open now', 'Closed now', or 'Closed today' when its own day
 * (`todayClosed`: closed all day by its week or a special day) has no opening at all.
 */
export function openStatusText(openNow: boolean, todayClosed = false): string {
  if (openNow) return 'Open now';
  return todayClosed ? 'Closed today' : 'Closed now';
}

/** A special day for owners: 'Closed on Thursday, Dec 24: Christmas Eve' or 'Open 10:00 AM – 2:00 PM on Thursday, Dec 24'. */
export function describeSpecialDay(
  entry: { date: string; closed: boolean; open?: string | undefined; close?: string | undefined; note?: string | undefined },
  withYear = false,
): string {
  const when = formatCalendarDate(entry.date, { weekday: true, year: withYear });
  const hours = formatHours(entry.open, entry.close);
  const what = entry.closed ? `Closed on ${when}` : hours === 'Open 24 hours' ? `Open 24 hours on ${when}` : `Open ${hours} on ${when}`;
  return entry.note ? `${what}: ${entry.note}` : what;
}

// ---- time zones --------------------------------------------------------------------------------

/** The everyday names of the zones a US practice picks from (profile-rules.ts US_TIME_ZONES), as Intl writes them
 *  in every season (formats.test.ts compares them with Intl): no Intl object for the zone line of a profile. */
const US_ZONE_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    'America/New_York': 'Eastern Time',
    'America/Chicago': 'Central Time',
    'America/Denver': 'Mountain Time',
    'America/Phoenix': 'Mountain Standard Time',
    'America/Los_Angeles': 'Pacific Time',
    'America/Anchorage': 'Alaska Time',
    'Pacific/Honolulu': 'Hawaii-Aleutian Standard Time',
    'America/Puerto_Rico': 'Atlantic Standard Time',
  }),
);

/** The everyday name of a zone: 'America/Chicago' -> 'Central Time', 'America/Phoenix' -> 'Mountain Standard Time'. */
export function zoneName(timeZone: string, at: Date): string {
  const known = US_ZONE_NAMES.get(timeZone);
  if (known) return known;
  const name = dateFormat({ timeZone, timeZoneName: 'longGeneric' })
    ?.formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  // A zone without an everyday name ('GMT+03:00') reads better as its city.
  if (!name || /^GMT/.test(name)) return timeZone.replace(/^.*\//, '').replace(/_/g, ' ');
  return name;
}

/** A moment in a zone, with the zone's everyday name: 'Tue, Mar 3, 10:30 AM Eastern Time'. */
export function formatInZone(iso: string | Date, timeZone: string): string {
  const date = asDate(iso);
  if (!date) return '';
  const format = dateFormat({ timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'longGeneric' });
  return format ? format.format(date) : `${formatDateTime(date, 'UTC')} UTC`;
}

/** A moment's time of day in a zone: '3:15 PM'. */
export function formatTimeInZone(iso: string | Date, timeZone: string, withWeekday = false): string {
  const date = asDate(iso);
  const format = dateFormat({ timeZone, ...(withWeekday ? { weekday: 'short' } : {}), hour: 'numeric', minute: '2-digit' });
  return date && format ? format.format(date) : '';
}

/** The reader's zone as the runtime knows it (the browser's on a page), UTC when it does not say. */
export function viewerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether two zones show a moment at the same wall-clock time. */
export const sameClock = (a: string, b: string, at: Date): boolean => a === b || formatDateTime(at, a) === formatDateTime(at, b);

/** A moment in the practice's zone and, when the reader's zone shows another time, in the reader's too. */
export function inBothZones(iso: string, practiceZone: string, ownZone = viewerZone()): { practice: string; own?: string } {
  const practice = formatInZone(iso, practiceZone);
  return sameClock(practiceZone, ownZone, new Date(iso)) ? { practice } : { practice, own: formatInZone(iso, ownZone) };
}

/**
 * The line under a practice's hours: 'Times in Central Time.' and, when the reader's zone differs,
 * 'It is 3:15 PM there now, 4:15 PM your time.' (`ownZone` is known only in the browser).
 */
export function hoursZoneLine(practiceZone: string, ownZone: string | undefined, at: Date): string {
  const zone = `Times in ${zoneName(practiceZone, at)}.`;
  if (!ownZone || sameClock(practiceZone, ownZone, at)) return zone;
  return `${zone} It is ${formatTimeInZone(at, practiceZone)} there now, ${formatTimeInZone(at, ownZone)} your time.`;
}

/** A file's size as a person reads it: KB under a megabyte, then MB and GB with one decimal. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Dollars from cents, as a price reads: '$29' for whole dollars, '$29.50' otherwise. */
export const formatDollars = (cents: number): string =>
  (cents / 100).toLocaleString(LOCALE, { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 });

// ---- pets ------------------------------------------------------------------------------------

/**
 * A pet's age from its birth date to `today` (both calendar dates 'YYYY-MM-DD'): '3 years', '1 year 4 months',
 * '5 months', 'under a month' (docs/product.md section 31).
 */
export function formatAge(birthDate: string, today: string): string {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const total = Math.max(0, (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0));
  const years = Math.floor(total / 12);
  const months = total % 12;
  if (!years) return months ? countOf(months, 'month') : 'under a month';
  return months && years < 3 ? `${countOf(years, 'year')} ${countOf(months, 'month')}` : countOf(years, 'year');
}

/** A weight in kilograms with pounds beside it for an American reader: '12.5 kg (27.6 lb)'. */
export function formatWeight(kg: number): string {
  const one = (value: number) => value.toLocaleString(LOCALE, { maximumFractionDigits: value < 1 ? 2 : 1 });
  return `${one(kg)} kg (${one(kg * 2.20462)} lb)`;
}

/** The reader's own calendar day, 'YYYY-MM-DD' (a pet's age is counted to it). */
export function calendarToday(at: Date): string {
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
}
