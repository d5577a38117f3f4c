// Opening hours as the search index and the profile page use them (docs/product.md, Search): a
// week of hours is the text of doctor_search.week_hours, [from, to) minute ranges from Monday 00:00
// in the clinic's own time zone, and a vet is open when the minute of the week there falls in one.
import { localDateAt, type SpecialDay } from '../../../../shared/lib/special-hours';
import { wallClock } from '../../../../shared/lib/zone-clock';

/** Opening hours as [from, to) minute pairs, from week_hours as text ("{[540,1020),[1980,2460)}"). */
export function parseWeek(text: string): number[] {
  const hours: number[] = [];
  for (const match of text.matchAll(/\[(\d+),(\d+)\)/g)) hours.push(Number(match[1]), Number(match[2]));
  return hours;
}

/** Minutes since Monday 00:00 in a time zone (doctor_minute_of_week() in SQL); null for a zone Node does not know. */
export function minuteOfWeek(zone: string, at: Date): number | null {
  const clock = wallClock(zone, at);
  return clock && clock.weekdayIndex * 1440 + clock.minute;
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
