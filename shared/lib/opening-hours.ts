// Whether a clinic is open at a moment, in the clinic's own time zone (docs/product.md, Search).
// Hours are { day: 'mon'..'sun', closed, open: 'HH:MM', close: 'HH:MM' }; a close at or before the open runs past midnight.
// Shared by the profile page and the server's first screen of it.
import { DAYS } from '../constants/days';
import { specialOpenAt, type SpecialDay } from './special-hours';
import { wallClock } from './zone-clock';

export interface DayHours {
  day: string;
  closed: boolean;
  open?: string;
  close?: string;
}

const minutes = (hhmm: string | undefined) => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** The weekday key ('mon') and minute of the day at `at` in `timeZone`, or null for an unknown zone. */
export function clinicClock(timeZone: string, at: Date): { day: string; minute: number } | null {
  const clock = wallClock(timeZone, at);
  return clock && { day: clock.weekday, minute: clock.minute };
}

/**
 * true / false, or null when the hours or the zone are unknown. A special entry for the practice's
 * local date decides that whole date (docs/product.md section 22).
 */
export function isOpenAt(hours: DayHours[], timeZone: string | null, at: Date, special: readonly SpecialDay[] = []): boolean | null {
  const bySpecial = specialOpenAt(special, timeZone, at);
  if (bySpecial !== null) return bySpecial;
  if (!timeZone || hours.length === 0) return null;
  const now = clinicClock(timeZone, at);
  if (!now) return null;
  const today = (DAYS as readonly string[]).indexOf(now.day);
  const yesterday = DAYS[(today + 6) % 7];
  for (const entry of hours) {
    if (entry.closed) continue;
    const open = minutes(entry.open);
    const close = minutes(entry.close);
    if (open === null || close === null) continue;
    const overnight = close <= open;
    if (entry.day === now.day && now.minute >= open && (overnight || now.minute < close)) return true;
    if (overnight && entry.day === yesterday && now.minute < close) return true;
  }
  return false;
}
