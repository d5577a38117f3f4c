// The rules of appointment requests (docs/product.md section 19): the one table of moves, the checks of a
// requested time in the practice's zone, the times opening hours offer (across a clock change), and the
// response time as cards show it.
import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_STATES,
  canMove,
  futureTimeProblem,
  openingSlots,
  requestedTimeProblem,
  responseTimeText,
  shownResponseHours,
  zonedTime,
  type AppointmentMove,
} from './appointment-rules';
import { DAYS } from '../constants/days';

const HOURS = DAYS.map((day) => ({ day, closed: day === 'sun', open: '09:00', close: '17:00' }));

describe('the moves', () => {
  it('allow exactly the moves of the contract, by the side the contract names', () => {
    const allowed: string[] = [];
    for (const state of APPOINTMENT_STATES)
      for (const move of ['confirm', 'decline', 'propose', 'accept', 'cancel', 'complete', 'no_show'] as AppointmentMove[])
        for (const side of ['owner', 'practice'] as const) if (canMove(state, move, side)) allowed.push(`${state} ${move} by ${side}`);
    expect(allowed.sort()).toEqual(
      [
        'requested confirm by practice',
        'requested decline by practice',
        'requested propose by practice',
        'requested cancel by owner',
        'proposed accept by owner',
        'proposed cancel by owner',
        'proposed cancel by practice',
        'confirmed cancel by owner',
        'confirmed cancel by practice',
        'confirmed complete by practice',
        'confirmed no_show by practice',
      ].sort(),
    );
  });
});

describe('a requested time', () => {
  const now = new Date('2026-03-02T15:00:00Z'); // Monday 10:00 in New York
  it('must carry an offset, lie ahead and within 60 days', () => {
    expect(futureTimeProblem('2026-03-03T10:00:00', now)).toMatch(/time zone offset/);
    expect(futureTimeProblem('2026-03-01T10:00:00-05:00', now)).toBe('Choose a time in the future.');
    expect(futureTimeProblem('2026-06-01T10:00:00-04:00', now)).toBe('Choose a time within the next 60 days.');
    expect(futureTimeProblem('2026-03-03T10:00:00-05:00', now)).toBeNull();
  });
  it("must fall within the opening hours in the practice's zone, whatever offset it is written with", () => {
    expect(requestedTimeProblem('2026-03-03T10:00:00-05:00', HOURS, 'America/New_York', now)).toBeNull();
    // 10:00 in New York written as UTC and as Berlin time: the same moment, still open.
    expect(requestedTimeProblem('2026-03-03T15:00:00Z', HOURS, 'America/New_York', now)).toBeNull();
    expect(requestedTimeProblem('2026-03-03T16:00:00+01:00', HOURS, 'America/New_York', now)).toBeNull();
    expect(requestedTimeProblem('2026-03-03T18:00:00-05:00', HOURS, 'America/New_York', now)).toMatch(/when the practice is open/);
    expect(requestedTimeProblem('2026-03-08T10:00:00-04:00', HOURS, 'America/New_York', now)).toMatch(/when the practice is open/); // Sunday
  });
});

describe('the times on offer', () => {
  it('are every half hour from opening to half an hour before closing, on open days, each accepted by the check', () => {
    const now = new Date('2026-03-06T20:00:00Z'); // Friday 15:00 in New York; clocks move on Sunday the 8th
    const slots = openingSlots(HOURS, 'America/New_York', now, 4);
    expect(slots[0]).toBe('2026-03-06T20:30:00.000Z'); // 15:30: the time now is not ahead
    expect(slots).toContain('2026-03-07T14:00:00.000Z'); // Saturday 09:00 EST
    expect(slots).toContain('2026-03-09T13:00:00.000Z'); // Monday 09:00 EDT, after the change
    expect(slots.some((iso) => iso.startsWith('2026-03-08'))).toBe(false); // Sunday closed
    expect(slots.filter((iso) => iso.startsWith('2026-03-07'))).toHaveLength(16);
    for (const iso of slots) expect(requestedTimeProblem(iso, HOURS, 'America/New_York', now)).toBeNull();
  });
  it('name wall-clock times in a zone', () => {
    expect(zonedTime('America/Denver', 2026, 12, 1, 9 * 60).toISOString()).toBe('2026-12-01T16:00:00.000Z');
    expect(zonedTime('Europe/Berlin', 2026, 7, 1, 9 * 60).toISOString()).toBe('2026-07-01T07:00:00.000Z');
  });
});

describe('the response time', () => {
  it('shows whole hours rounded up, at least one, and days from a day on', () => {
    expect(shownResponseHours(null)).toBeNull();
    expect(shownResponseHours(0.2)).toBe(1);
    expect(shownResponseHours(2.5)).toBe(3);
    expect(responseTimeText(3)).toBe('Usually answers within 3 hours');
    expect(responseTimeText(1)).toBe('Usually answers within 1 hour');
    expect(responseTimeText(30)).toBe('Usually answers within 2 days');
  });
});
