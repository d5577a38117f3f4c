import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { store } from './store';
import { restoreSession } from '../features/auth/auth-slice';
import { readStoredToken } from '../lib/session-storage';
import './styles.css';

const router = createAppRouter();

export function App() {
  useEffect(() => {
    if (readStoredToken()) void store.dispatch(restoreSession());
  }, []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
