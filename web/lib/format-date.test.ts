import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate and formatDateTime', () => {
  it('show the date as the spec writes it, and the local time after it', () => {
    const iso = new Date(2026, 10, 5, 14, 30).toISOString();
    expect(formatDate(new Date(Date.UTC(2026, 10, 5, 14, 30)).toISOString())).toBe('Nov 05, 2026');
    expect(formatDateTime(iso)).toBe('Nov 05, 2026 02:30 PM');
  });

  it('formatDate shows the day in UTC, as the server renders it, whatever the time zone', () => {
    // Late on Nov 5 in UTC is already Nov 6 east of UTC and still Nov 5 west of it: the text is the same everywhere.
    expect(formatDate('2026-11-05T23:30:00.000Z')).toBe('Nov 05, 2026');
    expect(formatDate('2026-11-06T00:30:00.000Z')).toBe('Nov 06, 2026');
  });

  it('show nothing for a value that is not a date', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});
