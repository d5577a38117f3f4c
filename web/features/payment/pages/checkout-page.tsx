// /checkout/{id}: the built-in sandbox checkout, standing in for a provider's hosted checkout in
// test mode (docs/product.md, Plans and payment). 'Pay' asks the server to confirm the session as a provider
// would; 'Decline' gets a declined card's answer and changes nothing; 'Cancel' goes back unchanged.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatPrice } from '../../../../shared/constants/plans';
import type { SandboxSessionAnswer } from '../../../../shared/schemas/payment';
import { useAppDispatch } from '../../../app/store';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { userReplaced } from '../../auth';
import { paymentApi } from '../api/payment-api';
import '../payment.css';

type Load = { state: 'loading' } | { state: 'ready'; session: SandboxSessionAnswer } | { state: 'missing'; message: string };

export default function CheckoutPage() {
  usePageTitle('Test checkout');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<'pay' | 'decline'>();
  const [declined, setDeclined] = useState<string>();

  useEffect(() => {
    let stale = false;
    paymentApi
      .sandboxSession(id)
      .then(({ data }) => !stale && setLoad({ state: 'ready', session: data }))
      .catch((error: unknown) => !stale && setLoad({ state: 'missing', message: error instanceof ApiError ? error.message : 'This checkout does not exist.' }));
    return () => {
      stale = true;
    };
  }, [id]);

  const pay = async () => {
    setBusy('pay');
    setDeclined(undefined);
    try {
      const { data } = await paymentApi.sandboxPay(id);
      dispatch(userReplaced(data.user));
      navigate(data.url);
    } catch {
      // The API client showed the server's sentence (e.g. already paid).
      setBusy(undefined);
    }
  };

  const decline = async () => {
    setBusy('decline');
    try {
      const { data } = await paymentApi.sandboxDecline(id);
      setDeclined(data.message);
    } catch {
      // The API client showed the server's sentence (e.g. the checkout expired).
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="checkout-page">
      <section className="card checkout-card" aria-labelledby="checkout-title">
        <div className="test-mode">
          <strong>TEST MODE</strong>
          <span>This is a test checkout. No card is charged and no money moves.</span>
        </div>
        <div className="checkout-body">
          <h1 id="checkout-title">Test checkout</h1>
          {load.state === 'loading' && <div className="skeleton-card checkout-skeleton" role="status" aria-label="Loading the checkout" />}
          {load.state === 'missing' && (
            <>
              <p role="alert">{load.message}</p>
              <Link className="button" to="/services">
                Back to plans
              </Link>
            </>
          )}
          {load.state === 'ready' && (
            <>
              <dl className="checkout-summary">
                <dt>Plan</dt>
                <dd>{load.session.plan_name}</dd>
                <dt>Billing</dt>
                <dd>{load.session.period === 'year' ? 'Yearly' : 'Monthly'}</dd>
                <dt>Amount due today</dt>
                <dd className="total">
                  {formatPrice(load.session.amount_cents)} <span className="visually-hidden">US dollars</span>
                </dd>
              </dl>
              <p className="checkout-account">
                Paying as <strong>{load.session.email}</strong>
              </p>
              {load.session.status === 'open' ? (
                <>
                  <div className="test-card" aria-label="Test card">
                    <span>4242 4242 4242 4242</span>
                    <span>12/34 · 123</span>
                  </div>
                  {declined && (
                    <div className="banner banner-danger" role="alert">
                      <p>{declined}</p>
                    </div>
                  )}
                  <div className="checkout-actions">
                    <button
                      type="button"
                      className="button button-primary button-large"
                      onClick={() => void pay()}
                      disabled={busy !== undefined}
                      aria-busy={busy === 'pay'}
                    >
                      {busy === 'pay' ? 'Paying…' : 'Pay'}
                    </button>
                    <button
                      type="button"
                      className="button button-large"
                      onClick={() => void decline()}
                      disabled={busy !== undefined}
                      aria-busy={busy === 'decline'}
                    >
                      Decline
                    </button>
                    <button type="button" className="button button-large" onClick={() => navigate('/services')} disabled={busy === 'pay'}>
                      Cancel
                    </button>
                  </div>
                </>
              ) : (
                <>
                  <p role="alert">
                    {load.session.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired. Start again from the Pricing page.'}
                  </p>
                  <Link className="button" to="/services">
                    Back to plans
                  </Link>
                </>
              )}
            </>
          )}
        </div>
      </section>
    </div>
  );
}
