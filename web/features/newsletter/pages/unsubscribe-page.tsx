// /unsubscribe?token=...: the page a newsletter e-mail's unsubscribe link opens. It asks before
// unsubscribing, because mail scanners open links on their own (docs/security.md, row 13); the
// button POSTs the token. Kept free of antd: a visitor may land here first.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';

type State = { kind: 'ask' } | { kind: 'pending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export default function UnsubscribePage() {
  usePageTitle('Unsubscribe from the newsletter');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'ask' });

  const unsubscribe = async () => {
    setState({ kind: 'pending' });
    try {
      const { data } = await api.post<{ message: string }>('/newsletter/unsubscribe', { token }, { silent: true });
      setState({ kind: 'done', message: data.message });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.' });
    }
  };

  const valid = /^[A-Za-z0-9_-]{10,100}$/.test(token);
  return (
    <section className="container narrow" style={{ padding: 'var(--s6) var(--s2)', textAlign: 'center' }}>
      <p className="eyebrow">Newsletter</p>
      {state.kind === 'done' ? (
        <>
          <h1>You are unsubscribed</h1>
          <p role="status">{state.message}</p>
        </>
      ) : (
        <>
          <h1>Unsubscribe from the newsletter?</h1>
          {!valid ? (
            <p role="alert">This unsubscribe link is incomplete. Please open the link from the e-mail again.</p>
          ) : (
            <>
              <p>You will stop receiving the Animal Doctor newsletter at this address. You can subscribe again at any time from the footer of our site.</p>
              {state.kind === 'failed' && <p role="alert">{state.message}</p>}
              <div className="actions" style={{ justifyContent: 'center' }}>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={unsubscribe}
                  disabled={state.kind === 'pending'}
                  aria-busy={state.kind === 'pending'}
                >
                  {state.kind === 'pending' ? 'Unsubscribing...' : 'Unsubscribe'}
                </button>
              </div>
            </>
          )}
        </>
      )}
      <p style={{ marginTop: 'var(--s3)' }}>
        <Link to="/home">Back to Animal Doctor</Link>
      </p>
    </section>
  );
}
