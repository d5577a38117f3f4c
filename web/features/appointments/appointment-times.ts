// How the appointment pages show times (docs/product.md 19.1): in the practice's zone, with the reader's
// own zone added when it differs, and the times a practice's opening hours offer grouped by day.
import { formatInZone, openingSlots } from '../../../shared/lib/appointment-rules';
import type { DayHours } from '../../../shared/lib/opening-hours';

/** The browser's zone (the reader's), or UTC when the browser does not say. */
export function readerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** 'Tue, Mar 3, 10:30 AM EST' and, when the reader's zone differs, '(your time: Tue, Mar 3, 4:30 PM CET)'. */
export function bothZones(iso: string, practiceZone: string, ownZone = readerZone()): { practice: string; own?: string } {
  const practice = formatInZone(iso, practiceZone);
  const own = formatInZone(iso, ownZone);
  return own === practice || ownZone === practiceZone ? { practice } : { practice, own };
}

export interface SlotDay {
  label: string;
  slots: { iso: string; label: string }[];
}

/** The times on offer, by day, labelled in the practice's zone (with the reader's when it differs). */
export function slotDays(hours: DayHours[], practiceZone: string, now = new Date(), ownZone = readerZone()): SlotDay[] {
  const days: SlotDay[] = [];
  const dayLabel = new Intl.DateTimeFormat('en-US', { timeZone: practiceZone, weekday: 'long', month: 'long', day: 'numeric' });
  const timeLabel = new Intl.DateTimeFormat('en-US', { timeZone: practiceZone, hour: 'numeric', minute: '2-digit' });
  const ownLabel = new Intl.DateTimeFormat('en-US', { timeZone: ownZone, weekday: 'short', hour: 'numeric', minute: '2-digit' });
  for (const iso of openingSlots(hours, practiceZone, now, 21)) {
    const at = new Date(iso);
    const label = dayLabel.format(at);
    let day = days.at(-1);
    if (!day || day.label !== label) {
      day = { label, slots: [] };
      days.push(day);
    }
    day.slots.push({ iso, label: ownZone === practiceZone ? timeLabel.format(at) : `${timeLabel.format(at)} (your time ${ownLabel.format(at)})` });
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
