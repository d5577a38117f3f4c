// Keeps the auth reducers pure: after an action that stores or ends a session, the token is written
// to (or removed from) localStorage under the spec's key and becomes (or stops being) the API
// client's Authorization header (docs/product.md, Accounts and tokens).
import type { Middleware } from '@reduxjs/toolkit';
import { setAuthToken } from '../../lib/api-client';
import { markOwnProfile, removeStoredToken, storeToken } from '../../lib/session-storage';
import { loggedIn, logout, restoreSession, setSession } from './auth-slice';

export const sessionPersistence: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (setSession.match(action) || loggedIn.match(action) || restoreSession.fulfilled.match(action)) {
    storeToken(action.payload.token);
    setAuthToken(action.payload.token);
    markOwnProfile(action.payload.user.id);
  } else if (logout.match(action) || restoreSession.rejected.match(action)) {
    // Sign-out, or a stored token that no longer works (spec: the stored token is removed).
    removeStoredToken();
    setAuthToken('');
    markOwnProfile(undefined);
  }
  return result;
};
