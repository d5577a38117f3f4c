import { describe, expect, it } from 'vitest';
import { phoneKey } from './profile-rules';

describe('phoneKey', () => {
  it('finds the same practice however its number is written: the last ten digits', () => {
    expect(phoneKey('(212) 555-0142')).toBe('2125550142');
    expect(phoneKey('+1 212.555.0142')).toBe('2125550142');
    expect(phoneKey('212-555-0142')).toBe(phoneKey('1 (212) 555 0142'));
  });

  it('has no key without digits', () => {
    expect(phoneKey('')).toBeNull();
    expect(phoneKey(null)).toBeNull();
    expect(phoneKey(' - ')).toBeNull();
  });
});
