// The payment state of docs/product.md, Client state and flows: email and customerId, empty at first, forgotten on sign-out.
import { describe, expect, it } from 'vitest';
import { customerSet, paymentReducer } from './payment-slice';

describe('payment slice', () => {
  it('starts empty, keeps the customer it is given, and forgets it when the user signs out', () => {
    const empty = paymentReducer(undefined, { type: 'init' });
    expect(empty).toEqual({ email: '', customerId: '' });
    const set = paymentReducer(empty, customerSet({ email: 'vet@example.com', customerId: 'cus_123' }));
    expect(set).toEqual({ email: 'vet@example.com', customerId: 'cus_123' });
    expect(paymentReducer(set, { type: 'search/searchDoctor' })).toBe(set);
    expect(paymentReducer(set, { type: 'auth/logout' })).toEqual({ email: '', customerId: '' });
  });
});
