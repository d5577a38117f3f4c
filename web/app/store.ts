// The one Redux store: the spec's auth, search and payment state (docs/product.md, Client state and
// flows), plus the RTK Query API (web/lib/api.ts), which joins lazily with the first page that
// needs server data, so the first page stays small.
import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authReducer, logout } from '../features/auth/auth-slice';
import { sessionPersistence } from '../features/auth/session-persistence';
import { searchReducer } from '../features/doctors/search-slice';
import { paymentReducer } from '../features/payment/payment-slice';
import { onSessionEnded } from '../lib/api-client';
import { lazyPartsMiddleware, provideReducerInstaller } from '../lib/store-injection';

/** The reducers every page has (the server's store, web/entry-server.tsx, adds the RTK Query API's at once). */
export const staticReducers = { auth: authReducer, search: searchReducer, payment: paymentReducer };

export const store = configureStore({
  reducer: staticReducers,
  middleware: (getDefault) => getDefault().concat(sessionPersistence, lazyPartsMiddleware),
});

provideReducerInstaller((lazy) => {
  if (Object.keys(lazy).length > 0) store.replaceReducer(combineReducers({ ...staticReducers, ...lazy }) as unknown as Reducer<RootState>);
});

// A 401 on a call that carried the session token: the server ended the session, so sign out here too.
onSessionEnded(() => {
  if (store.getState().auth.token) store.dispatch(logout());
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
