import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router } from './app/app';

function start() {
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that let the browser breathe (no long task while the first screen, already
  // painted from the HTML, waits); the commit that replaces it is one step, so nothing is seen half-done.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The server sent the page's first screen inside #root (docs/decisions/074-prerendered-first-screen.md). React
// replaces it in its first commit; waiting until the route's lazy module has loaded makes that commit the page
// itself, in the same places, instead of a loader in between.
if (router.state.initialized) start();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start();
  });
}
