// Opening hours as the search index and the profile page use them (docs/product.md, Search): a
// week of hours is the text of doctor_search.week_hours, [from, to) minute ranges from Monday 00:00
// in the clinic's own time zone, and a vet is open when the minute of the week there falls in one.
import { DAY_NAMES, DAYS } from '../../../../shared/constants/days';
import { localDateAt, type SpecialDay } from '../../../../shared/lib/special-hours';

/** Opening hours as [from, to) minute pairs, from week_hours as text ("{[540,1020),[1980,2460)}"). */
export function parseWeek(text: string): number[] {
  const hours: number[] = [];
  for (const match of text.matchAll(/\[(\d+),(\d+)\)/g)) hours.push(Number(match[1]), Number(match[2]));
  return hours;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();
/** Intl's short weekday ('Mon') -> days since Monday. */
const WEEKDAYS: Record<string, number> = Object.fromEntries(DAYS.map((day, index) => [DAY_NAMES[day].slice(0, 3), index]));

/** Minutes since Monday 00:00 in a time zone (doctor_minute_of_week() in SQL); null for a zone Node does not know. */
export function minuteOfWeek(zone: string, at: Date): number | null {
  const bucket = Math.floor(at.getTime() / 60_000);
  const known = zoneMinutes.get(zone);
  if (known && known.bucket === bucket) return known.value;
  const value = computeMinuteOfWeek(zone, at);
  zoneMinutes.set(zone, { bucket, value });
  return value;
}

/** The last answer per zone: it holds for the whole minute (zone offsets change on whole minutes). */
const zoneMinutes = new Map<string, { bucket: number; value: number | null }>();

function computeMinuteOfWeek(zone: string, at: Date): number | null {
  let format = zoneFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      format = null;
    }
    zoneFormats.set(zone, format);
  }
  if (!format) return null;
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return day * 1440 + hour * 60 + minute;
}

/** Whether a vet with these hours is open at a moment in its zone; null when the zone is unknown. */
export function openAt(weekHours: string, zone: string | null, at: Date): boolean | null {
  if (!zone) return null;
  const minute = minuteOfWeek(zone, at);
  if (minute === null) return null;
  return openInWeek(parseWeek(weekHours), minute);
}

/** Whether a minute of the week falls in one of the [from, to) pairs of `parseWeek()`. */
export function openInWeek(hours: readonly number[], minute: number): boolean {
  for (let i = 0; i < hours.length; i += 2) if (hours[i]! <= minute && minute < hours[i + 1]!) return true;
  return false;
}

/**
 * Whether a practice has no opening at all on its own today ('Closed today' rather than 'Closed now' on its
 * card, docs/product.md 27): a special entry for that date decides it, else the weekday's hours; null when
 * its time zone is unknown.
 */
export function closedTodayAt(hours: readonly number[], specialOn: (date: string) => SpecialDay | undefined, zone: string | null, at: Date): boolean | null {
  if (!zone) return null;
  const local = localDateAt(zone, at);
  const entry = local ? specialOn(local.date) : undefined;
  if (entry) return entry.closed;
  const minute = minuteOfWeek(zone, at);
  if (minute === null) return null;
  const start = Math.floor(minute / 1440) * 1440;
  for (let i = 0; i < hours.length; i += 2) if (hours[i]! < start + 1440 && hours[i + 1]! > start) return false;
  return true;
}
