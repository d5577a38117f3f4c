import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authReducer } from '../features/auth/auth-slice';
import { searchReducer } from '../features/search/search-slice';
import { paymentReducer } from '../features/payment/payment-slice';

export const store = configureStore({
  reducer: { auth: authReducer, search: searchReducer, payment: paymentReducer },
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
