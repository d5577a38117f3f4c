// Keeps the auth reducers pure: after an action that stores or ends a session, the token is written
// to (or removed from) localStorage under the spec's key and becomes (or stops being) the API
// client's Authorization header (docs/product.md, Accounts and tokens).
import type { Middleware } from '@reduxjs/toolkit';
import { setAuthToken } from '../../lib/api-client';
import { markOwnProfile, readStoredToken, removeStoredToken, storeToken } from '../../lib/session-storage';
import { loggedIn, logout, restoreSession, setSession, type AuthState } from './auth-slice';

/** Sign-out, or a stored token that no longer works: the token, the header and the own-profile mark go. */
function forget(): void {
  removeStoredToken();
  setAuthToken('');
  markOwnProfile(undefined);
}

/** The start-up check's answer after this tab signed in, verified or signed out meanwhile: it changes nothing (auth-slice). */
const settledMeanwhile = (state: unknown, action: unknown) =>
  (restoreSession.fulfilled.match(action) || restoreSession.rejected.match(action)) && !(state as { auth: AuthState }).auth.restoring;

export const sessionPersistence: Middleware = (store) => (next) => (action) => {
  const stale = settledMeanwhile(store.getState(), action);
  const result = next(action);
  if (stale) return result;
  if (setSession.match(action) || loggedIn.match(action) || restoreSession.fulfilled.match(action)) {
    storeToken(action.payload.token);
    setAuthToken(action.payload.token);
    markOwnProfile(action.payload.user.id);
  } else if (logout.match(action)) {
    forget();
  } else if (restoreSession.rejected.match(action)) {
    setAuthToken('');
    // A stored token the server refused is removed (spec: failed login by stored token), unless another tab
    // has stored a newer one meanwhile. Without an answer the token stays (docs/decisions/079-stored-session-kept-without-an-answer.md).
    const failure = action.payload;
    if (failure?.reason === 'refused' && readStoredToken() === failure.token) forget();
  }
  return result;
};
