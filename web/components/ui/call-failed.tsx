// A call that failed, shown where its answer would be (docs/product.md 28.1): what happened in one
// sentence (the API client's: unreachable, busy, or the server's own refusal) and, when asking again can
// help (no answer, a busy or failing server, too many requests), 'Try again'. A refusal of what was
// asked (a 4xx such as an unknown state) says how to fix it instead: the same request would fail again.
import { MESSAGES } from '../../../shared/constants/messages';
import { failureMessage, failureStatus } from '../../lib/api';
import './call-failed.css';

function retryable(failure: unknown): boolean {
  const status = failureStatus(failure);
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

export function CallFailed({ failure, onRetry, retrying = false }: { failure: unknown; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="notice call-failed" role="alert">
      <p>{failureMessage(failure, MESSAGES.serverDisconnected)}</p>
      {retryable(failure) && (
        <button type="button" className="button button-primary" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      )}
    </div>
  );
}
