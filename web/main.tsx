import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { INITIAL_DATA_ELEMENT_ID, parseInitialData } from '../shared/lib/initial-data';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { store } from './app/store';
import { sessionRestoreDeferred } from './features/auth/auth-slice';

const container = document.getElementById('root')!;
// The server rendered this page with React from these same components (web/entry-server.tsx) and marked the root
// `data-prerendered` (docs/decisions/089-server-rendering-with-react.md); other pages come with an empty root.
const serverRendered = container.hasAttribute('data-prerendered');
// What the page embedded for this address is the first cached answer, as it was for the server's render
// (./app/first-screen.ts): the first render needs no request and matches the server's markup. The seeding loads
// with the RTK Query API, which only pages with server data load, while the router loads the page's module.
const initialData = parseInitialData(document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent, window.location.pathname);
const seeded = initialData
  ? import('./app/first-screen').then(({ seedFirstScreen }) => seedFirstScreen(store.dispatch, window.location, initialData))
  : undefined;
const router = createAppRouter();

function start() {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // A transition renders in slices that let the browser breathe (no long task while the first screen, already
  // painted from the HTML, waits).
  if (serverRendered) {
    // The first render must be the server's: a visitor's screen; the stored session is checked just after.
    store.dispatch(sessionRestoreDeferred());
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

// Hydration needs the route's lazy module loaded (the server rendered the page itself, not a loader) and the
// embedded answers in the cache.
const routed = router.state.initialized
  ? undefined
  : new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
if (!routed && !seeded) start();
// A seeding that failed to load leaves the page to ask the API, as a page without embedded data does.
else void Promise.all([routed, seeded?.catch(() => undefined)]).then(start);
