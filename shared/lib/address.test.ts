import { describe, expect, it } from 'vitest';
import { addressLine } from './address';

describe('addressLine', () => {
  it('writes street, city and "state zip" on one line', () => {
    expect(addressLine({ street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701' })).toBe('12 Main St, Austin, TX 78701');
  });

  it('leaves out what the practice has not given, and a zip without a state', () => {
    expect(addressLine({ street: null, city: 'Austin', state: 'TX', zip: null })).toBe('Austin, TX');
    expect(addressLine({ street: '12 Main St', city: '', state: null, zip: '78701' })).toBe('12 Main St');
    expect(addressLine({ street: null, city: null, state: null, zip: null })).toBe('');
  });
});
