import { describe, expect, it } from 'vitest';
import { quantity } from './wording';

describe('quantity', () => {
  it('says one in the singular and any other number in the plural', () => {
    expect(quantity(1, 'second')).toBe('1 second');
    expect(quantity(2, 'second')).toBe('2 seconds');
    expect(quantity(1, 'minute')).toBe('1 minute');
    expect(quantity(60, 'minute')).toBe('60 minutes');
  });
});
