import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { store } from './app/store';
import { sessionRestoreDeferred } from './features/auth/auth-slice';

const container = document.getElementById('root')!;
// The server rendered this page with React from these same components (web/entry-server.tsx) and marked the root
// `data-prerendered` (docs/decisions/089-server-rendering-with-react.md); other pages come with an empty root.
const serverRendered = container.hasAttribute('data-prerendered');
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

// Hydration needs the route's lazy module loaded (the server rendered the page itself, not a loader).
if (router.state.initialized) start();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start();
  });
}
