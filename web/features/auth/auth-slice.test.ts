// The stored session's check around a page the server rendered (docs/decisions/089-server-rendering-with-react.md):
// the browser hydrates a visitor's screen, then checks the stored token, and `restoring` says so meanwhile.
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JWT_STORAGE_KEY } from '../../../shared/constants/messages';
import type { Session } from '../../../shared/types/user';
import { authReducer, loggedIn, restoreSession, sessionRestoreDeferred } from './auth-slice';
import { sessionPersistence } from './session-persistence';

describe('auth slice: restoring the stored session', () => {
  it('is not restoring while a server-rendered page hydrates, and is again from the moment the check starts', () => {
    const stored = { ...authReducer(undefined, { type: 'init' }), restoring: true };
    const hydrating = authReducer(stored, sessionRestoreDeferred());
    expect(hydrating).toMatchObject({ restoring: false, logined: false });
    const checking = authReducer(hydrating, restoreSession.pending('request-1'));
    expect(checking.restoring).toBe(true);
    const refused = authReducer(checking, restoreSession.rejected(null, 'request-1', undefined, { reason: 'refused', token: 't' }));
    expect(refused).toMatchObject({ restoring: false, logined: false });
  });
});

// The verification e-mail's link opened in a new tab (docs/product.md 26.6): that tab finds the unverified account's
// token that sign-up stored, checks it at start-up and exchanges the link's token at the same time. Whichever answers
// second, the verified session stays: the check's answer after the tab signed in is old and changes nothing.
describe('auth slice: a start-up check answered after this tab signed in', () => {
  const session = (token: string, verify: boolean) => ({ token, user: { id: 7, verify } }) as unknown as Session;
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
    vi.stubGlobal('window', { location: { protocol: 'http:' } });
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** A store as the app's, in a tab whose stored token is the unverified account's, with the check under way. */
  function checking() {
    storage.set(JWT_STORAGE_KEY, 'unverified');
    const store = configureStore({ reducer: { auth: authReducer }, middleware: (getDefault) => getDefault().concat(sessionPersistence) });
    store.dispatch(restoreSession.pending('check'));
    store.dispatch(loggedIn(session('verified', true)));
    return store;
  }

  it('keeps the verified session when the check answers with the account as it was before verifying', () => {
    const store = checking();
    store.dispatch(restoreSession.fulfilled(session('unverified', false), 'check'));
    expect(store.getState().auth).toMatchObject({ logined: true, token: 'verified', restoring: false });
    expect(storage.get(JWT_STORAGE_KEY)).toBe('verified');
  });

  it('keeps the verified session when the check refuses the old token', () => {
    const store = checking();
    store.dispatch(restoreSession.rejected(null, 'check', undefined, { reason: 'refused', token: 'unverified' }));
    expect(store.getState().auth).toMatchObject({ logined: true, token: 'verified', restoring: false });
    expect(storage.get(JWT_STORAGE_KEY)).toBe('verified');
  });

  it('still applies a check that answers before anything else settled the session', () => {
    storage.set(JWT_STORAGE_KEY, 'stored');
    const store = configureStore({ reducer: { auth: authReducer }, middleware: (getDefault) => getDefault().concat(sessionPersistence) });
    store.dispatch(restoreSession.pending('check'));
    store.dispatch(restoreSession.fulfilled(session('fresh', true), 'check'));
    expect(store.getState().auth).toMatchObject({ logined: true, token: 'fresh', restoring: false });
    expect(storage.get(JWT_STORAGE_KEY)).toBe('fresh');
  });
});
