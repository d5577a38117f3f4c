import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate and formatDateTime', () => {
  it('show the date as the spec writes it, and the local time after it', () => {
    const iso = new Date(2026, 10, 5, 14, 30).toISOString();
    expect(formatDate(iso)).toBe('Nov 05, 2026');
    expect(formatDateTime(iso)).toBe('Nov 05, 2026 02:30 PM');
  });

  it('show nothing for a value that is not a date', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});
