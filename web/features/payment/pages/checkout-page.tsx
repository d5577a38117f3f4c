// /checkout/{id}: the built-in sandbox checkout, standing in for a provider's hosted checkout in
// test mode (docs/product.md, Plans and payment). 'Pay' asks the server to confirm the session as a provider
// would; 'Decline' gets a declined card's answer and changes nothing; 'Cancel' goes back unchanged.
import { paths } from '../../../../shared/routes';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NEXT_PARAM, safeNextPath, withNext } from '../../../../shared/lib/next-path';
import { formatPrice } from '../../../../shared/constants/plans';
import { useAppDispatch } from '../../../app/store';
import { failureMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { userReplaced } from '../../auth';
import { useDeclineSandboxCheckoutMutation } from '../api/decline-sandbox-checkout';
import { useSandboxCheckoutQuery } from '../api/get-sandbox-checkout';
import { usePaySandboxCheckoutMutation } from '../api/pay-sandbox-checkout';
import '../payment.css';

export default function CheckoutPage() {
  usePageTitle('Test checkout');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Where the vet was going before Pricing (a claim, a settings page): the pages after checkout lead back to it.
  const next = safeNextPath(useSearchParams()[0].get(NEXT_PARAM));
  const plans = withNext(paths.services, next);
  const checkout = useSandboxCheckoutQuery(id);
  const load = checkout.isError
    ? ({ state: 'missing', message: failureMessage(checkout.error, 'This checkout does not exist.') } as const)
    : checkout.currentData
      ? ({ state: 'ready', session: checkout.currentData } as const)
      : ({ state: 'loading' } as const);
  const [paySandbox] = usePaySandboxCheckoutMutation();
  const [declineSandbox] = useDeclineSandboxCheckoutMutation();
  const [busy, setBusy] = useState<'pay' | 'decline'>();
  const [declined, setDeclined] = useState<string>();

  const pay = async () => {
    setBusy('pay');
    setDeclined(undefined);
    try {
      const data = await paySandbox(id).unwrap();
      dispatch(userReplaced(data.user));
      navigate(withNext(data.url, next));
    } catch {
      // The API client showed the server's sentence (e.g. already paid).
      setBusy(undefined);
    }
  };

  const decline = async () => {
    setBusy('decline');
    try {
      const data = await declineSandbox(id).unwrap();
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
              <Link className="button" to={plans}>
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
                    <button type="button" className="button button-large" onClick={() => navigate(plans)} disabled={busy === 'pay'}>
                      Cancel
                    </button>
                  </div>
                </>
              ) : (
                <>
                  <p role="alert">
                    {load.session.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired. Start again from the Pricing page.'}
                  </p>
                  <Link className="button" to={plans}>
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
