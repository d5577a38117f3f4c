import { describe, expect, it } from 'vitest';
import { isOpenAt } from './opening-hours';

// 2026-11-23 is a Monday; New York is UTC-5 then.
const at = (isoLocal: string) => new Date(`${isoLocal}-05:00`);
const week = [
  { day: 'mon', closed: false, open: '09:00', close: '17:00' },
  { day: 'sun', closed: false, open: '22:00', close: '02:00' },
  { day: 'sat', closed: true },
];

describe('isOpenAt', () => {
  it("answers from the clinic's own day and time", () => {
    expect(isOpenAt(week, 'America/New_York', at('2026-11-23T10:00:00'))).toBe(true);
    expect(isOpenAt(week, 'America/New_York', at('2026-11-23T17:00:00'))).toBe(false);
    expect(isOpenAt(week, 'America/New_York', at('2026-11-28T10:00:00'))).toBe(false);
  });

  it("keeps Sunday's overnight hours open into Monday's early morning", () => {
    expect(isOpenAt(week, 'America/New_York', at('2026-11-29T23:00:00'))).toBe(true);
    expect(isOpenAt(week, 'America/New_York', at('2026-11-30T01:30:00'))).toBe(true);
    expect(isOpenAt(week, 'America/New_York', at('2026-11-30T02:30:00'))).toBe(false);
  });

  it('answers null without hours or with an unknown zone', () => {
    expect(isOpenAt([], 'America/New_York', at('2026-11-30T01:30:00'))).toBeNull();
    expect(isOpenAt(week, null, at('2026-11-30T01:30:00'))).toBeNull();
    expect(isOpenAt(week, 'Mars/Olympus', at('2026-11-30T01:30:00'))).toBeNull();
  });
});
