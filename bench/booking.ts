// Booking availability (issue 38, docs/product.md section 30): the walk that answers /api/doctors/availability
// for one 30-minute visit type over 14 days, with 1,000 held bookings and 200 busy events in the window,
// capacity 3, bookable 08:00-18:00 every day every 10 minutes. Prints p50 and p95 of 500 walks against the
// 20 ms budget. The walk only: the four indexed reads before it are not timed here. The request over HTTP, with
// those reads, and the search rate with and without next_available on the cards are measured by
// bench/booking-speed.ts (`npm run bench:booking-speed`, on a seeded PostgreSQL database).
// Usage: npx tsx bench/booking.ts
import { freeStarts, type BookingFacts } from '../server/plugins/app/appointments/availability';
import { DAYS } from '../shared/constants/days';

const now = new Date('2026-03-02T12:00:00Z');
const MIN = 60_000;
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const held = Array.from({ length: 1000 }, () => {
  const start = now.getTime() + Math.floor(random() * 14 * 24 * 6) * 10 * MIN;
  return { start, end: start + 30 * MIN };
}).sort((a, b) => a.start - b.start);
const busy = Array.from({ length: 200 }, (): [number, number] => {
  const start = now.getTime() + Math.floor(random() * 14 * 24 * 6) * 10 * MIN;
  return [start, start + 20 * MIN];
}).sort((a, b) => a[0] - b[0]);
const facts: BookingFacts = {
  settings: {
    doctorId: 1,
    enabled: true,
    stepMinutes: 10,
    capacity: 3,
    leadHours: 2,
    horizonDays: 30,
    confirmEach: false,
    hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '08:00', close: '18:00' })),
    busyFeedUrl: null,
    feedReadAt: null,
    feedError: null,
    calendarToken: null,
    nextAvailable: null,
    nextCheckedAt: null,
    updatedAt: now,
  },
  timeZone: 'America/New_York',
  week: DAYS.map((day) => ({ day, closed: false, open: '08:00', close: '18:00' })),
  special: [],
  busy,
  held,
};
const times: number[] = [];
let slots = 0;
for (let i = 0; i < 500; i++) {
  const t = performance.now();
  slots = freeStarts(facts, { minutes: 30, now, fromDate: '2026-03-02', days: 14 }).length;
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const p = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
console.log(`availability walk, 14 days, 1,000 bookings, 200 busy events: ${slots} free starts; p50 ${p(0.5)} ms, p95 ${p(0.95)} ms (budget 20 ms)`);
