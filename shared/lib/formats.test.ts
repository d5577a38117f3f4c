// Every text-rendering function of the formats module, through the formats an American reads
// (docs/product.md section 27): 12-hour times, 'Open 24 hours', 'Closed today', US dates, everyday zone
// names, the reader's own time when it differs, and plurals that agree.
import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatWeight,
  pluralOf,
  formatDollars,
  fileSize,
  countOf,
  describeSpecialDay,
  formatCalendarDate,
  formatClock,
  formatDate,
  formatDateTime,
  formatDayHours,
  formatHours,
  formatInZone,
  formatMessageTime,
  formatMonth,
  formatNumber,
  formatTimeInZone,
  hoursZoneLine,
  inBothZones,
  monthNames,
  openStatusText,
  sameClock,
  viewerZone,
  zoneName,
} from './formats';
import { checkSpecialHours } from './special-hours';
import { US_TIME_ZONES } from './profile-rules';
import { responseTimeText } from './appointment-rules';

// Wednesday, Dec 23, 2026, 3:15 PM in Chicago (21:15 UTC, winter).
const AT = new Date('2026-12-23T21:15:00Z');

describe('clock times and opening hours', () => {
  it('writes stored 24-hour times in 12-hour form', () => {
    expect(formatClock('07:30')).toBe('7:30 AM');
    expect(formatClock('20:00')).toBe('8:00 PM');
    expect(formatClock('00:00')).toBe('12:00 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('23:59')).toBe('11:59 PM');
  });

  it("writes a day's hours as a 12-hour range, a day from midnight to midnight as 'Open 24 hours', a closed day as 'Closed'", () => {
    expect(formatHours('07:30', '20:00')).toBe('7:30 AM – 8:00 PM');
    expect(formatHours('00:00', '23:59')).toBe('Open 24 hours');
    expect(formatHours('00:00', '00:00')).toBe('Open 24 hours');
    expect(formatHours('18:00', '02:00')).toBe('6:00 PM – 2:00 AM');
    expect(formatDayHours({ closed: false, open: '09:00', close: '17:30' })).toBe('9:00 AM – 5:30 PM');
    expect(formatDayHours({ closed: false, open: '00:00', close: '23:59' })).toBe('Open 24 hours');
    expect(formatDayHours({ closed: true })).toBe('Closed');
  });

  it("says 'Closed today' for a day without opening, 'Closed now' between openings, 'Open now' while open", () => {
    expect(openStatusText(true)).toBe('Open now');
    expect(openStatusText(false)).toBe('Closed now');
    expect(openStatusText(false, true)).toBe('Closed today');
    expect(openStatusText(true, true)).toBe('Open now');
  });
});

describe('dates', () => {
  it('writes when a message was sent: the time today, the day this year, the year before', () => {
    const now = new Date('2026-12-23T21:15:00Z');
    expect(formatMessageTime('2026-12-23T15:05:00Z', now, 'America/Chicago')).toBe('9:05 AM');
    expect(formatMessageTime('2026-12-23T05:05:00Z', now, 'America/Chicago')).toBe('Dec 22');
    expect(formatMessageTime('2025-03-01T18:00:00Z', now, 'America/Chicago')).toBe('Mar 1, 2025');
    expect(formatMessageTime('never', now)).toBe('');
  });

  it("writes a moment's date as the spec does, 'MMM DD, YYYY', the same in every zone", () => {
    expect(formatDate('2026-12-24T18:00:00Z')).toBe('Dec 24, 2026');
    expect(formatDate(new Date('2026-11-05T23:30:00Z'))).toBe('Nov 05, 2026');
    expect(formatDate('soon')).toBe('');
  });

  it('writes a moment with its 12-hour time in a zone', () => {
    expect(formatDateTime(AT, 'America/Chicago')).toBe('Dec 23, 2026, 3:15 PM');
    expect(formatDateTime(AT, 'America/New_York')).toBe('Dec 23, 2026, 4:15 PM');
    expect(formatDateTime('soon')).toBe('');
  });

  it('writes a calendar date as that day, never moved by a zone', () => {
    expect(formatCalendarDate('2026-12-24')).toBe('Dec 24, 2026');
    expect(formatCalendarDate('2026-12-24', { weekday: true, year: false })).toBe('Thursday, Dec 24');
    expect(formatCalendarDate('2026-12-24', { weekday: 'short', year: false })).toBe('Thu, Dec 24');
    expect(formatCalendarDate('2027-01-01', { weekday: true })).toBe('Friday, Jan 01, 2027');
    expect(formatCalendarDate('not a date')).toBe('not a date');
    expect(formatMonth('2026-10')).toBe('October 2026');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(monthNames()).toHaveLength(12);
    expect([monthNames()[0], monthNames()[11]]).toEqual(['January', 'December']);
  });

  it("describes a holiday as 'Closed on Thursday, Dec 24' and special hours in 12-hour form", () => {
    expect(describeSpecialDay({ date: '2026-12-24', closed: true })).toBe('Closed on Thursday, Dec 24');
    expect(describeSpecialDay({ date: '2026-12-24', closed: true, note: 'Christmas Eve' })).toBe('Closed on Thursday, Dec 24: Christmas Eve');
    expect(describeSpecialDay({ date: '2026-12-31', closed: false, open: '10:00', close: '14:00' }, true)).toBe(
      'Open 10:00 AM – 2:00 PM on Thursday, Dec 31, 2026',
    );
    expect(describeSpecialDay({ date: '2026-12-26', closed: false, open: '00:00', close: '23:59' })).toBe('Open 24 hours on Saturday, Dec 26');
  });

  it('the special-hours rules name dates the same way in their sentences', () => {
    expect(checkSpecialHours([{ date: '2026-12-01', closed: true }], 'America/Chicago', AT)).toBe('Dec 01, 2026 has passed: remove that special day.');
    expect(
      checkSpecialHours(
        [
          { date: '2026-12-24', closed: true },
          { date: '2026-12-24', closed: true },
        ],
        'America/Chicago',
        AT,
      ),
    ).toBe('Dec 24, 2026 is entered twice: keep one entry per date.');
  });
});

describe('time zones', () => {
  it('names zones as people say them', () => {
    expect(zoneName('America/Chicago', AT)).toBe('Central Time');
    expect(zoneName('America/New_York', AT)).toBe('Eastern Time');
    expect(zoneName('America/Los_Angeles', AT)).toBe('Pacific Time');
    expect(zoneName('America/Phoenix', AT)).toBe('Mountain Standard Time');
    expect(zoneName('Etc/GMT-3', AT)).toBe('GMT-3');
  });

  it("writes a moment in a zone with the zone's everyday name", () => {
    expect(formatInZone(AT, 'America/Chicago')).toBe('Wed, Dec 23, 3:15 PM Central Time');
    expect(formatInZone('2026-07-01T14:00:00Z', 'America/New_York')).toBe('Wed, Jul 1, 10:00 AM Eastern Time');
    expect(formatTimeInZone(AT, 'America/Denver')).toBe('2:15 PM');
    expect(formatTimeInZone(AT, 'America/Denver', true)).toBe('Wed 2:15 PM');
  });

  it("adds the reader's own time only when their zone shows another time", () => {
    expect(inBothZones(AT.toISOString(), 'America/Chicago', 'America/Chicago')).toEqual({ practice: 'Wed, Dec 23, 3:15 PM Central Time' });
    expect(inBothZones(AT.toISOString(), 'America/Chicago', 'America/New_York')).toEqual({
      practice: 'Wed, Dec 23, 3:15 PM Central Time',
      own: 'Wed, Dec 23, 4:15 PM Eastern Time',
    });
    expect(sameClock('America/Chicago', 'America/Winnipeg', AT)).toBe(true);
    expect(hoursZoneLine('America/Chicago', undefined, AT)).toBe('Times in Central Time.');
    expect(hoursZoneLine('America/Chicago', 'America/Chicago', AT)).toBe('Times in Central Time.');
    expect(hoursZoneLine('America/Chicago', 'America/New_York', AT)).toBe('Times in Central Time. It is 3:15 PM there now, 4:15 PM your time.');
    expect(viewerZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('counts', () => {
  it('makes the noun agree with the number: 0, 1 and 2, and groups thousands', () => {
    expect([0, 1, 2].map((n) => countOf(n, 'result'))).toEqual(['0 results', '1 result', '2 results']);
    expect([0, 1, 2].map((n) => countOf(n, 'pet owner'))).toEqual(['0 pet owners', '1 pet owner', '2 pet owners']);
    expect([1, 2].map((n) => countOf(n, 'try', 'tries'))).toEqual(['1 try', '2 tries']);
    expect(countOf(1200, 'review')).toBe('1,200 reviews');
    expect(formatNumber(5000)).toBe('5,000');
    expect([1, 2].map((n) => pluralOf(n, 'appointment request'))).toEqual(['appointment request', 'appointment requests']);
    expect([1, 2].map((n) => pluralOf(n, 'is', 'are'))).toEqual(['is', 'are']);
    expect([1, 3, 30].map(responseTimeText)).toEqual(['Usually answers within 1 hour', 'Usually answers within 3 hours', 'Usually answers within 2 days']);
  });
});

describe('file sizes', () => {
  it('writes KB under a megabyte, then MB and GB with one decimal', () => {
    expect([200, 500_000, 3 * 1024 ** 2 + 200_000, 2.5 * 1024 ** 3].map(fileSize)).toEqual(['1 KB', '488 KB', '3.2 MB', '2.5 GB']);
  });
});

describe('pets', () => {
  it('writes an age in years and months as a person says it, and a weight in kilograms with pounds', () => {
    expect(formatAge('2026-11-20', '2026-11-28')).toBe('under a month');
    expect(formatAge('2026-06-30', '2026-11-28')).toBe('4 months');
    expect(formatAge('2025-10-28', '2026-11-28')).toBe('1 year 1 month');
    expect(formatAge('2024-07-01', '2026-11-28')).toBe('2 years 4 months');
    expect(formatAge('2018-01-15', '2026-11-28')).toBe('8 years');
    expect([12.5, 0.35, 1200].map(formatWeight)).toEqual(['12.5 kg (27.6 lb)', '0.35 kg (0.77 lb)', '1,200 kg (2,645.5 lb)']);
  });
});

describe('money', () => {
  it('writes whole dollars without cents and other amounts with two decimals', () => {
    expect([2900, 2950, 137200].map(formatDollars)).toEqual(['$29', '$29.50', '$1,372']);
  });
});

describe('texts written without Intl read exactly as Intl writes them for en-US', () => {
  const intl = (options: Intl.DateTimeFormatOptions, at: Date) => new Intl.DateTimeFormat('en-US', options).format(at);
  const days = Array.from({ length: 800 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i, (i * 7) % 24, (i * 13) % 60)));

  it('whole numbers, plurals, dates, calendar dates, months and clock times', () => {
    const numbers = [0, 1, -1, 7, 999, 1000, -1000, 12345, 999_999, 1_000_000, -987_654_321, Number.MAX_SAFE_INTEGER, 1.5, 0.125, 2 ** 60];
    for (const n of numbers) expect(formatNumber(n), String(n)).toBe(n.toLocaleString('en-US'));
    const rules = new Intl.PluralRules('en-US');
    for (const n of [0, 1, -1, 1.5, 2, 11, 21, 101, 0.5]) expect(pluralOf(n, 'one', 'other'), String(n)).toBe(rules.select(n) === 'one' ? 'one' : 'other');
    for (const day of days) {
      expect(formatDate(day)).toBe(intl({ month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }, day));
      const calendar = day.toISOString().slice(0, 10);
      const midnight = new Date(`${calendar}T00:00:00Z`);
      const shapes: [Parameters<typeof formatCalendarDate>[1], Intl.DateTimeFormatOptions][] = [
        [{}, { month: 'short', day: '2-digit', year: 'numeric' }],
        [
          { weekday: true, year: false },
          { weekday: 'long', month: 'short', day: 'numeric' },
        ],
        [
          { weekday: 'short', year: false },
          { weekday: 'short', month: 'short', day: 'numeric' },
        ],
        [{ weekday: true }, { weekday: 'long', month: 'short', day: '2-digit', year: 'numeric' }],
        [{ year: false }, { month: 'short', day: 'numeric' }],
      ];
      for (const [shape, options] of shapes) expect(formatCalendarDate(calendar, shape), calendar).toBe(intl({ ...options, timeZone: 'UTC' }, midnight));
      expect(formatMonth(calendar.slice(0, 7))).toBe(intl({ month: 'long', year: 'numeric', timeZone: 'UTC' }, midnight));
    }
    expect(monthNames()).toEqual(Array.from({ length: 12 }, (_, m) => intl({ month: 'long', timeZone: 'UTC' }, new Date(Date.UTC(2000, m, 1)))));
    for (let minute = 0; minute < 24 * 60; minute++) {
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      expect(formatClock(hhmm)).toBe(intl({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }, new Date(Date.UTC(2000, 0, 1, 0, minute))));
    }
    expect(formatClock('24:30')).toBe('12:30 AM');
    expect(formatClock('9:75')).toBe('10:15 AM');
  });

  it("names a US practice's zone as Intl does in winter and summer", () => {
    for (const zone of US_TIME_ZONES)
      for (const at of [new Date('2026-01-15T12:00:00Z'), new Date('2026-07-15T12:00:00Z')]) {
        const named = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
          .formatToParts(at)
          .find((part) => part.type === 'timeZoneName')?.value;
        expect(zoneName(zone, at), zone).toBe(named);
      }
    expect(zoneName('constructor', AT)).toBe('constructor');
  });
});
