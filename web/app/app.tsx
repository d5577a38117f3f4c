// The global layer first: every component's own CSS comes after it in the cascade (docs/decisions/155-css-beside-components.md).
import './styles.css';
import { Provider } from 'react-redux';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import type { Store } from '@reduxjs/toolkit';
import { store as appStore } from './store';

/**
 * The app around a router: the browser's (web/main.tsx) or, on the server, a memory router at the page's address
 * with a store of its own (web/entry-server.tsx). Both render this same tree, so the browser hydrates the server's
 * markup node for node (docs/decisions/089-server-rendering-with-react.md). What starts once the first page is on
 * screen (the stored session) is in ./app-started.tsx.
 */
export function App({ router, store = appStore }: { router: RouterProviderProps['router']; store?: Store }) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
