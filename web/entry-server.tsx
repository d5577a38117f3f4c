// The server's entry to the web app (docs/decisions/089-server-rendering-with-react.md): renders a page's first
// screen with React from the components the browser uses, at the page's address and with the data the page embeds
// (#initial-data) already in its query cache, so the browser's first render (web/main.tsx, hydrateRoot) is the same
// markup and React adopts it instead of replacing it. Built by `vite build --ssr` into dist/ssr/entry-server.js,
// which the server imports at start (server/plugins/app/seo/page-renderer.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { configureStore } from '@reduxjs/toolkit';
import type { InitialData } from '../shared/schemas/initial-data';
import { App } from './app/app';
import { routes } from './app/router';
import { staticReducers } from './app/store';
import { sessionRestoreDeferred } from './features/auth/auth-slice';
import { seedArticle } from './features/blog/api/get-article';
import { seedArticleList } from './features/blog/api/search-articles';
import { seedDoctor } from './features/doctors/api/get-doctor';
import { seedPlans } from './features/payment/api/get-plans';
import { seedReviews } from './features/reviews';
import { api } from './lib/api';

/** Every query a page's embedded first screen answers; each page module seeds its own in the browser. */
const FIRST_SCREEN_SEEDERS = [seedDoctor, seedReviews, seedArticle, seedArticleList, seedPlans];

/**
 * The HTML inside <div id="root"> for `url` (path and query, as requested). The store is this request's own (the
 * app's reducers and the RTK Query API's, seeded with the embedded answers), with a visitor's session, as the
 * browser's first render has it. Nothing is fetched on the server: queries start in effects, which do not run here.
 */
export async function renderPage(url: string, data: InitialData | undefined): Promise<{ head: string; body: string }> {
  const store = configureStore({
    reducer: { ...staticReducers, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  store.dispatch(sessionRestoreDeferred());
  const { pathname, search } = new URL(url, 'http://localhost');
  const screen = data && { pathname, search, data };
  for (const seed of FIRST_SCREEN_SEEDERS) seed(store.dispatch, screen);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  try {
    // The route's lazy page module loads before the render, as the browser waits for it before hydrating.
    if (!router.state.initialized) {
      await new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
    }
    const html = renderToString(
      <StrictMode>
        <App router={router} store={store} />
      </StrictMode>,
    );
    // React writes the resource hints it hoists (the preload of an image with fetchPriority="high") before the
    // markup: they go into the head, where the browser finds them first and hydration does not meet them.
    const hints = /^(?:<link\b[^>]*>)*/.exec(html)?.[0] ?? '';
    return { head: hints, body: html.slice(hints.length) };
  } finally {
    router.dispose();
    // NOTE: RTK Query schedules the removal of unused entries (keepUnusedDataFor); resetting clears those timers,
    // so nothing keeps this request's store alive.
    store.dispatch(api.util.resetApiState());
  }
}
