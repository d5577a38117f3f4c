// A line saying what the page is waiting for ('Sending Email...', 'Verifying…') beside the site's spinner, read out
// politely as it appears (role="status").
import type { ReactNode } from 'react';

export function AuthStatus({ children }: { children: ReactNode }) {
  return (
    <p className="auth-status" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
