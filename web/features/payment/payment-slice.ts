// Payment state (docs/product.md, Client state and flows): the provider's customer for the signed-in vet (email and
// customerId, both initially empty), filled from /api/payment/subscription on /services.
// NOTE: the spec observes this slice also reacting to the search-doctor action type (an accidental
// overlap in the original client); docs/product.md (Plans and payment) keeps only email and customerId, so we do not copy it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface PaymentState {
  email: string;
  customerId: string;
}

const initialState: PaymentState = { email: '', customerId: '' };

const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    // The provider's answer replaces the customer as a whole.
    customerSet: (_state, { payload }: PayloadAction<PaymentState>) => ({ email: payload.email, customerId: payload.customerId }),
    customerCleared: () => initialState,
  },
  // Signing out forgets the customer (matched by type: features do not import each other).
  extraReducers: (builder) =>
    builder.addMatcher(
      (action) => action.type === 'auth/logout',
      () => initialState,
    ),
});

export const { customerSet, customerCleared } = paymentSlice.actions;
export const paymentReducer = paymentSlice.reducer;
