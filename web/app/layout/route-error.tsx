// The router's error element: the spec's title 'Unexpected Application Error!' with the status.
// Never a stack trace (React Router's default shows one even in production).
import { paths } from '../../../shared/routes';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MESSAGES } from '../../../shared/constants/messages';
import { AppStarted } from '../app-started';
import './route-error.css';

const EXPLANATIONS: Record<number, string> = {
  400: 'The request was not understood.',
  404: 'This page does not exist.',
  405: 'That action is not allowed here.',
};

export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const detail = isRouteErrorResponse(error) ? error.statusText : undefined;
  return (
    <main className="route-error container" id="main">
      <AppStarted />
      <h1>{MESSAGES.routerErrorTitle}</h1>
      {status !== undefined && (
        <p className="route-error-status">
          <strong>{status}</strong> {detail || EXPLANATIONS[status] || ''}
        </p>
      )}
      {status === undefined && <p>Something went wrong while showing this page. Please reload it or go back home.</p>}
      <p>
        <Link className="button button-primary" to={paths.home}>
          Back to home
        </Link>
      </p>
    </main>
  );
}
