// The one reader of a zone's wall clock (shared/lib/zone-clock.ts): dates, weekdays, minutes and offsets as a
// practice's own clock shows them, across midnight, the clock changes and zones the runtime does not know.
import { describe, expect, it } from 'vitest';
import { wallClock } from './zone-clock';

describe('wallClock', () => {
  it('reads the date, weekday, minute and offset in the zone', () => {
    // 2026-11-30 03:30 UTC is Sunday 10:30 PM the day before in New York (UTC-5).
    expect(wallClock('America/New_York', new Date('2026-11-30T03:30:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 29,
      weekday: 'sun',
      weekdayIndex: 6,
      minute: 22 * 60 + 30,
      date: '2026-11-29',
      offset: -300,
    });
    expect(wallClock('Asia/Kolkata', new Date('2026-11-30T03:30:00Z'))).toMatchObject({ date: '2026-11-30', weekday: 'mon', minute: 9 * 60, offset: 330 });
  });

  it('follows the clock changes and the seconds within a minute', () => {
    // New York moves to daylight time on 2026-03-08 at 2 AM: 1:59 AM EST, then 3:00 AM EDT a minute later.
    expect(wallClock('America/New_York', new Date('2026-03-08T06:59:59Z'))).toMatchObject({ minute: 1 * 60 + 59, offset: -300 });
    expect(wallClock('America/New_York', new Date('2026-03-08T07:00:00Z'))).toMatchObject({ minute: 3 * 60, offset: -240 });
    // Back on 2026-11-01: 1:30 AM comes twice, first in EDT then in EST.
    expect(wallClock('America/New_York', new Date('2026-11-01T05:30:00Z'))).toMatchObject({ minute: 90, offset: -240 });
    expect(wallClock('America/New_York', new Date('2026-11-01T06:30:00Z'))).toMatchObject({ minute: 90, offset: -300 });
    // The answer held for the minute is the same for any second of it.
    expect(wallClock('UTC', new Date('2026-01-01T00:00:01Z'))).toBe(wallClock('UTC', new Date('2026-01-01T00:00:59Z')));
  });

  it('answers null for a zone the runtime does not know', () => {
    expect(wallClock('Mars/Olympus_Mons', new Date())).toBeNull();
  });
});
