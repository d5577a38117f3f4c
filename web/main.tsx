import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoute } from '../shared/routes';
import { App } from './app/app';
import { createAppRouter, pageLoader } from './app/router';
import { store } from './app/store';
import { sessionRestoreDeferred } from './features/auth/auth-slice';

const container = document.getElementById('root')!;
// The server rendered this page with React from these same components (web/entry-server.tsx) and marked the root
// `data-prerendered` (docs/decisions/089-server-rendering-with-react.md); other pages come with an empty root.
const serverRendered = container.hasAttribute('data-prerendered');

/** Resolves in a task of its own, so that the work before and after it are two tasks, not one long one. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

function start(router: ReturnType<typeof createAppRouter>) {
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

/**
 * The app starts in steps, each a task of its own, so that a phone's main thread is never held long while the page
 * is on screen (docs/product.md 11.6, docs/decisions/265-the-app-starts-in-steps.md): this module's evaluation (React,
 * the store), then the page's own module (fetched and evaluated), then the router, which finds that module loaded,
 * and the hydration, which React renders in slices.
 */
async function boot() {
  await nextTask();
  const route = matchRoute(window.location.pathname)?.route;
  // A page whose module fails to load is left to the router, which shows its error screen.
  if (route) await pageLoader(route)().catch(() => undefined);
  await nextTask();
  const router = createAppRouter();
  // Hydration needs the route's lazy module loaded (the server rendered the page itself, not a loader).
  if (router.state.initialized) start(router);
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      start(router);
    });
  }
}

void boot();
