// The rules of booking a real time (docs/product.md section 30; contract section 18) that the server
// enforces and the practice's screens show before saving: the limits of visit types and settings, the
// weekday numbers of bookable hours, and the sentences of each refusal.
import { countOf } from './formats';

export const BOOKING_LIMITS = {
  visitTypesMax: 20,
  visitNameMin: 2,
  visitNameMax: 60,
  minutesMin: 10,
  minutesMax: 240,
  priceMax: 100_000,
  steps: [10, 15, 20, 30] as const,
  capacityMax: 20,
  leadHoursMax: 72,
  horizonDaysMin: 7,
  horizonDaysMax: 120,
  hoursMax: 28,
  busyNoteMax: 120,
  /** The longest busy time added by hand, and the widest window one list call reads. */
  busyMaxDays: 31,
  /** Days one availability call covers, and how far next_available looks. */
  availabilityDaysMax: 14,
  /** Free starts offered with a SLOT_TAKEN refusal. */
  alternatives: 3,
  /** Missed visits at one practice within `noShowWindowDays` that end instant booking there. */
  noShowLimit: 2,
  noShowWindowDays: 90,
  /** How often a calendar feed is read, its time limit and its largest size. */
  feedEveryMinutes: 10,
  feedTimeoutMs: 10_000,
  feedMaxBytes: 2_000_000,
  /** Feed events kept per read (from a week ago to the horizon). */
  feedEventsMax: 5_000,
} as const;

export type StepMinutes = (typeof BOOKING_LIMITS.steps)[number];

/** The opening-hours key (shared/constants/days.ts) of a weekday number of bookable hours: 0 is Sunday (decision 197). */
export const BOOKING_DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export const BOOKING_MESSAGES = {
  notOffered: 'This practice does not take bookings online. You can still ask for an appointment or call them.',
  planRequired: 'Online booking comes with the Professional and Premium plans.',
  noVisitType: 'There is no such visit type at this practice.',
  slotTaken: 'This time was just taken. Choose one of the next free times.',
  noShows: `You missed ${countOf(BOOKING_LIMITS.noShowLimit, 'visit')} at this practice in the last ${BOOKING_LIMITS.noShowWindowDays} days, so you cannot book instantly there. You can still ask for an appointment and the practice will answer.`,
  notBooking: 'Only a booked visit can be moved to another time. Ask the practice for a new time instead.',
  ownPractice: 'You cannot book at your own practice.',
  noHours: 'Set your opening hours and time zone before publishing bookable times.',
  outsideOpening: 'Bookable hours must lie inside your opening hours.',
  feedHttps: 'Give the calendar feed as an https address.',
  busyOrder: 'The end of a busy time must come after its start.',
  busyTooLong: `A busy time can last at most ${BOOKING_LIMITS.busyMaxDays} days.`,
  busyNotFound: 'There is no busy time of yours with this id.',
  sameVisitType: 'There is no visit type of yours with this id.',
} as const;

/** 'HH:MM' as minutes from midnight, or null. */
export function clockMinutes(hhmm: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (hhmm === '24:00') return 1440;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
