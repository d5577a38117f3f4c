import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { store } from './store';
import { restoreSession } from '../features/auth/auth-slice';
import { readStoredToken } from '../lib/session-storage';
import './styles.css';

export const router = createAppRouter();

export function App() {
  useEffect(() => {
    if (!readStoredToken()) return;
    void store.dispatch(restoreSession());
    void import('./layout/user-menu'); // shown once the session is back
  }, []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
