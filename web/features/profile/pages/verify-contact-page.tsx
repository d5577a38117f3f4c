// /verify/contact?token=...: the page a practice's contact-address link opens (docs/product.md, 5.7).
// It asks before confirming, because mail scanners open links on their own; the button POSTs the
// token. No session is needed: whoever holds the link confirms. Kept free of antd: a receptionist
// may land here first.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { failureMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { useVerifyContactEmailMutation } from '../api/verify-contact-email';

type State = { kind: 'ask' } | { kind: 'pending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export default function VerifyContactPage() {
  usePageTitle('Confirm a contact address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'ask' });
  const [verifyContactEmail] = useVerifyContactEmailMutation();

  const confirm = async () => {
    setState({ kind: 'pending' });
    const result = await verifyContactEmail(token);
    if ('data' in result && result.data) setState({ kind: 'done', message: result.data.message });
    else setState({ kind: 'failed', message: failureMessage(result.error, 'Something went wrong. Please try again later.') });
  };

  const valid = /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
  return (
    <section className="container narrow" style={{ padding: 'var(--s6) var(--s2)', textAlign: 'center' }}>
      <p className="eyebrow">Contact address</p>
      {state.kind === 'done' ? (
        <>
          <h1>Address confirmed</h1>
          <p role="status">{state.message}</p>
        </>
      ) : (
        <>
          <h1>Confirm this contact address?</h1>
          {!valid ? (
            <p role="alert">This confirmation link is incomplete. Please open the link from the e-mail again.</p>
          ) : (
            <>
              <p>Messages that pet owners send to the practice through its contact form will come to the address this e-mail reached.</p>
              {state.kind === 'failed' && <p role="alert">{state.message}</p>}
              <div className="actions" style={{ justifyContent: 'center' }}>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={confirm}
                  disabled={state.kind === 'pending'}
                  aria-busy={state.kind === 'pending'}
                >
                  {state.kind === 'pending' ? 'Confirming...' : 'Confirm this address'}
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
