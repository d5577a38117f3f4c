// What the app does once its first page is on screen: for a page the server rendered, once React has hydrated it
// (docs/decisions/089-server-rendering-with-react.md). It is rendered inside the layout's Suspense boundary, after
// the page: React hydrates a boundary's content in a pass after the rest, so an effect outside it would run while
// the page still shows the server's markup (and a signed-in state then would not match it).
import { useEffect } from 'react';
import { store } from './store';
import { restoreSession } from '../features/auth/auth-slice';
import { readStoredToken } from '../lib/session-storage';

let started = false;

export function AppStarted() {
  useEffect(() => {
    if (started) return;
    started = true;
    // React owns the screen now: tools and tests wait for this mark to go before they click.
    document.getElementById('root')?.removeAttribute('data-prerendered');
    if (!readStoredToken()) return;
    void store.dispatch(restoreSession());
    void import('./layout/user-menu'); // shown once the session is back
  }, []);
  return null;
}
