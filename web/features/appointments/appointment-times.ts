// The times a practice's opening hours offer, grouped by day (docs/product.md 19.1): in the practice's zone,
// with the reader's own time added when it differs (shared/lib/formats.ts writes them).
import { openingSlots } from '../../../shared/lib/appointment-rules';
import { formatCalendarDate, formatTimeInZone, sameClock, viewerZone } from '../../../shared/lib/formats';
import { localDateAt } from '../../../shared/lib/special-hours';
import type { DayHours } from '../../../shared/lib/opening-hours';

export interface SlotDay {
  label: string;
  slots: { iso: string; label: string }[];
}

/** The times on offer, by day, labelled in the practice's zone (with the reader's when it differs). */
export function slotDays(hours: DayHours[], practiceZone: string, now: Date, ownZone = viewerZone()): SlotDay[] {
  const days: SlotDay[] = [];
  for (const iso of openingSlots(hours, practiceZone, now, 21)) {
    const at = new Date(iso);
    const label = formatCalendarDate(localDateAt(practiceZone, at)?.date ?? iso.slice(0, 10), { weekday: true, year: false });
    let day = days.at(-1);
    if (!day || day.label !== label) {
      day = { label, slots: [] };
      days.push(day);
    }
    const time = formatTimeInZone(at, practiceZone);
    day.slots.push({ iso, label: sameClock(practiceZone, ownZone, at) ? time : `${time} (your time ${formatTimeInZone(at, ownZone, true)})` });
  }
  return days;
}

/** The name of a state as both pages show it. */
export const STATE_TEXT: Record<string, string> = {
  requested: 'Waiting for the practice',
  proposed: 'New time proposed',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'Missed',
};
