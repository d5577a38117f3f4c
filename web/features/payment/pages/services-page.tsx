// /services: the three plans side by side with monthly and yearly prices from
// shared/constants/plans.ts, a buy button per plan (sign in -> verify -> checkout), the paying
// vet's current plan with 'Cancel plan', the banner after a paid checkout, and the test-mode notice while the
// sandbox takes the payments (docs/product.md, Plans and payment). A pet owner's account is offered 'List your
// practice' first: it becomes a vet's account and goes on as a vet would (docs/product.md section 13). A visitor's
// choice survives sign-in, sign-up and the verification e-mail as `?buy=<plan>&period=`, which opens that plan's
// checkout once a verified vet is back (docs/product.md section 26).
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PLANS, SANDBOX_NOTICE, formatPrice, planById, planPrice, type Plan, type PlanPeriod } from '../../../../shared/constants/plans';
import { PageHero } from '../../../components/ui/page-hero';
import { Dialog } from '../../../components/ui/dialog';
import { store, useAppDispatch, useAppSelector } from '../../../app/store';
import { isOwner, signedInUser, useCurrentUserQuery, userReplaced } from '../../auth';
import { embeddedFirstScreen } from '../../../lib/first-screen';
import { NEXT_PARAM, safeNextPath, signInPath, withNext } from '../../../../shared/lib/next-path';
import { withoutParam } from '../../../lib/address-params';
import { paths, routePath } from '../../../../shared/routes';
import { formatDate } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { useCancelPlanMutation } from '../api/cancel-plan';
import { seedPlans, useGetPlansQuery } from '../api/get-plans';
import { useListPracticeMutation } from '../api/list-practice';
import { useSubscriptionQuery } from '../api/get-subscription';
import { useStartCheckoutMutation } from '../api/start-checkout';
import '../payment.css';

// The plans answer embedded in the page is the first cached answer: the notice paints with the first screen.
seedPlans(store.dispatch, embeddedFirstScreen());

const periodLabel = (period: PlanPeriod) => (period === 'year' ? 'yearly' : 'monthly');

/** The address that brings a person back to this plan's checkout, and on to where they were going (docs/product.md section 26). */
const BUY_PARAM = 'buy';
const buyPath = (plan: Plan, period: PlanPeriod, next: string | undefined) =>
  withNext(`${routePath('services')}?${new URLSearchParams({ [BUY_PARAM]: String(plan.id), period })}`, next);

export default function ServicesPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useAppSelector(signedInUser);
  const logined = useAppSelector((state) => state.auth.logined);
  const restoring = useAppSelector((state) => state.auth.restoring);
  const token = useAppSelector((state) => state.auth.token);
  const [period, setPeriod] = useState<PlanPeriod>(params.get('period') === 'year' ? 'year' : 'month');
  const [pendingPlan, setPendingPlan] = useState<number>();
  const [dialog, setDialog] = useState<'verify' | 'cancel'>();
  const [verifyFor, setVerifyFor] = useState<Plan>();
  const [startCheckout] = useStartCheckoutMutation();
  const [cancel, { isLoading: canceling }] = useCancelPlanMutation();
  const paidJustNow = params.get('checkout') === 'success';
  // Where the vet was going (a claim, a page that needs a plan): checkout and the profile wizard lead back to it.
  const next = safeNextPath(params.get(NEXT_PARAM));
  const testMode = useGetPlansQuery().data?.provider === 'sandbox';
  const owner = useAppSelector(isOwner);
  const [listPractice, { isLoading: becomingVet }] = useListPracticeMutation();
  const plansHeading = useRef<HTMLDivElement>(null);

  /** Makes the owner's account a vet's; false when the server refused (its sentence is shown). */
  const becomeVet = async (): Promise<boolean> => {
    const answer = await listPractice();
    if (answer.error) return false;
    dispatch(userReplaced(answer.data));
    return true;
  };
  const startListing = async () => {
    if (!(await becomeVet())) return;
    toast.success('Your account can now list a practice. Choose a plan to continue.');
    plansHeading.current?.scrollIntoView({ block: 'start' });
    plansHeading.current?.focus({ preventScroll: true });
  };

  const currentPlan = logined ? (user?.payment?.plan ?? 0) : 0;
  const storedStatus = user?.payment?.status;

  // Back from a hosted checkout the provider's webhook may still be on its way: while the answer says
  // no plan, ask again every 2 s, five times at most. Each answer is counted once, when it arrives.
  const [polls, setPolls] = useState({ seen: 0, count: 0, waiting: false });
  const answer = useSubscriptionQuery(undefined, { skip: !logined, pollingInterval: polls.waiting ? 2000 : 0, skipPollingIfUnfocused: false });
  const subscription = answer.data;
  if (answer.fulfilledTimeStamp !== undefined && answer.fulfilledTimeStamp !== polls.seen) {
    setPolls({ seen: answer.fulfilledTimeStamp, count: polls.count + 1, waiting: paidJustNow && answer.data?.plan === 0 && polls.count < 5 });
  }
  // The provider knows a plan the stored user does not show yet: read the user again (its answer replaces the stored one).
  const planChanged = subscription !== undefined && subscription.plan !== currentPlan;
  useCurrentUserQuery(token, { skip: !logined || !token || !planChanged });

  const buy = async (plan: Plan) => {
    if (!user) {
      navigate(signInPath(buyPath(plan, period, next)));
      return;
    }
    if (!user.verify || !logined) {
      setVerifyFor(plan);
      setDialog('verify');
      return;
    }
    setPendingPlan(plan.id);
    if (owner && !(await becomeVet())) {
      setPendingPlan(undefined);
      return;
    }
    try {
      const data = await startCheckout({ plan: plan.id, period, ...(next ? { next } : {}) }).unwrap();
      if (data.url.startsWith('/')) navigate(withNext(data.url, next));
      else window.location.assign(data.url);
    } catch {
      // The API client showed the server's sentence.
      setPendingPlan(undefined);
    }
  };

  const cancelPlan = async () => {
    try {
      const data = await cancel().unwrap();
      dispatch(userReplaced(data.user));
      toast.success(data.message);
      setDialog(undefined);
    } catch {
      // Shown by the API client; the dialog stays open so the vet can try again.
    }
  };

  // Back with `?buy=`: a verified vet's chosen plan opens its checkout once, and the address forgets the choice. An
  // owner's account is not turned into a vet's by an address: it sees the plans and 'List your practice'.
  const wantsPlan = planById(Number(params.get(BUY_PARAM)));
  useEffect(() => {
    if (!wantsPlan || restoring) return;
    setParams(withoutParam(BUY_PARAM), { replace: true });
    if (user?.verify && logined && !owner) void buy(wantsPlan);
    // `buy` is a fresh function each render; the parameter makes this run once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsPlan, restoring]);

  const activeName = planById(currentPlan)?.name;
  const status = subscription?.status ?? storedStatus;
  const periodEnd = subscription?.current_period_end ?? user?.payment?.current_period_end ?? null;

  return (
    <>
      <PageHero
        eyebrow="For veterinarians"
        title="Plans and pricing"
        documentTitle="Pricing"
        lead="Choose how your practice appears to pet owners. Every plan includes a reviewed public profile; cancel any time."
      />
      <section className="section">
        <div className="container">
          {testMode && (
            <p className="test-mode-notice" role="note">
              {SANDBOX_NOTICE}
            </p>
          )}
          {paidJustNow && (
            <div className="banner banner-success" role="status">
              <p>
                <strong>Payment received.</strong> {activeName ? `Your ${activeName} plan is active.` : 'Your plan is being activated.'} You can now create your
                profile.
              </p>
              <div className="banner-actions">
                <Link className="button button-primary" to={withNext(paths.setupProfile, next)}>
                  Create your profile
                </Link>
                {next && (
                  <Link className="button" to={next}>
                    Continue where you left off
                  </Link>
                )}
                <button type="button" className="button" onClick={() => setParams({}, { replace: true })}>
                  Dismiss
                </button>
              </div>
            </div>
          )}

          {owner && logined && (
            <div className="card list-practice" aria-labelledby="list-practice-title">
              <div>
                <h2 id="list-practice-title">Are you a veterinarian?</h2>
                <p>Your account is a pet owner’s account. List your practice to choose a plan and build its profile; your reviews stay as they are.</p>
              </div>
              <button type="button" className="button button-primary" onClick={() => void startListing()} disabled={becomingVet} aria-busy={becomingVet}>
                {becomingVet ? 'One moment…' : 'List your practice'}
              </button>
            </div>
          )}

          {currentPlan > 0 && activeName && (
            <div className="card current-plan" aria-labelledby="current-plan-title">
              <div>
                <h2 id="current-plan-title">
                  Your plan: {activeName}
                  <span className={`status-pill status-${status === 'canceling' ? 'canceling' : 'active'}`}>
                    {status === 'canceling' ? 'Cancelled' : 'Active'}
                  </span>
                </h2>
                <p>
                  {subscription?.period ? `Billed ${periodLabel(subscription.period)}. ` : ''}
                  {periodEnd
                    ? status === 'canceling'
                      ? `Ends on ${formatDate(periodEnd)}; your profile stays listed until then.`
                      : `Renews on ${formatDate(periodEnd)}.`
                    : ''}
                </p>
              </div>
              {status === 'active' && (
                <button type="button" className="button button-danger" onClick={() => setDialog('cancel')}>
                  Cancel plan
                </button>
              )}
            </div>
          )}

          <div className="pricing-bar" ref={plansHeading} tabIndex={-1}>
            <div className="billing-toggle" role="group" aria-label="Billing period">
              {(['month', 'year'] as const).map((p) => (
                <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)}>
                  {p === 'month' ? 'Monthly' : 'Yearly'}
                  {p === 'year' && <span className="save">2 months free</span>}
                </button>
              ))}
            </div>
          </div>

          <div className="plans">
            {PLANS.map((plan) => {
              const isCurrent = plan.id === currentPlan;
              const samePeriod = !subscription?.period || subscription.period === period;
              const owned = isCurrent && samePeriod && status === 'active';
              let label = `Start with ${plan.name}`;
              if (owned) label = 'Your current plan';
              else if (isCurrent) label = samePeriod ? `Buy ${plan.name} again` : `Switch to ${periodLabel(period)} billing`;
              else if (currentPlan > 0) label = `Switch to ${plan.name}`;
              return (
                <article
                  key={plan.id}
                  className={`card plan${plan.id === 2 ? ' featured' : ''}${isCurrent ? ' current' : ''}`}
                  aria-labelledby={`plan-${plan.id}`}
                >
                  {isCurrent ? <span className="badge badge-current">Current plan</span> : plan.id === 2 && <span className="badge">Most popular</span>}
                  <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
                  <p className="plan-price">
                    {formatPrice(planPrice(plan, period))} <span>/ {period}</span>
                  </p>
                  <p className="plan-price-note">
                    {period === 'year'
                      ? `${formatPrice(Math.round(plan.yearlyPriceCents / 12))} a month, billed yearly`
                      : `or ${formatPrice(plan.yearlyPriceCents)} a year`}
                  </p>
                  <ul aria-label={`What ${plan.name} unlocks`}>
                    {plan.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <button
                    type="button"
                    className={`button button-large${plan.id === 2 && !owned ? ' button-primary' : ''}`}
                    disabled={owned || restoring || pendingPlan !== undefined}
                    aria-busy={pendingPlan === plan.id}
                    onClick={() => void buy(plan)}
                  >
                    {pendingPlan === plan.id ? 'Opening checkout…' : label}
                  </button>
                </article>
              );
            })}
          </div>
          <div className="section">
            <h2>Questions vets ask</h2>
            <div className="grid grid-2">
              <div className="card">
                <h3>When does my profile appear in search?</h3>
                <p>
                  After you verify your e-mail, choose a plan and submit your profile, our team reviews it. It is public as soon as it is approved and stays
                  public while your plan is paid.
                </p>
              </div>
              <div className="card">
                <h3>What does “Sponsored” mean?</h3>
                <p>
                  Premium practices may take up to two clearly labelled slots at the top of nearby results. The order of every other result never depends on the
                  plan.
                </p>
              </div>
              <div className="card">
                <h3>Can I change or cancel my plan?</h3>
                <p>Yes. A new plan replaces your current one as soon as it is paid; a cancelled plan stays active until the end of the period you paid for.</p>
              </div>
              {/* The vet's way to an imported listing: here and on its profile, never on owners' result cards (docs/product.md section 20). */}
              <div className="card">
                <h3>My practice is already listed. Can I claim it?</h3>
                <p>
                  Yes. <Link to={paths.searchDoctor}>Find your practice</Link>, open its profile and choose “Claim it” under “Is this your practice?”. We check
                  that you work there, then the listing is yours to keep up to date.
                </p>
              </div>
              <div className="card">
                <h3>Is it free for pet owners?</h3>
                <p>Always. Pet owners search, read articles and contact practices without an account.</p>
              </div>
            </div>
          </div>
        </div>
      </section>

      <Dialog
        open={dialog === 'verify'}
        title="Verify your e-mail first"
        onClose={() => setDialog(undefined)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setDialog(undefined)}>
              Not now
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => navigate(withNext(routePath('verify'), verifyFor && buyPath(verifyFor, period, next)))}
            >
              Verify e-mail
            </button>
          </>
        }
      >
        <p>Before you choose a plan, please confirm your e-mail address{user?.email ? ` (${user.email})` : ''} with the link we sent you.</p>
      </Dialog>
      <Dialog
        open={dialog === 'cancel'}
        title="Cancel your plan?"
        onClose={() => setDialog(undefined)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setDialog(undefined)} disabled={canceling}>
              Keep my plan
            </button>
            <button type="button" className="button button-danger" onClick={() => void cancelPlan()} disabled={canceling} aria-busy={canceling}>
              {canceling ? 'Cancelling…' : 'Cancel plan'}
            </button>
          </>
        }
      >
        <p>
          Your {activeName} plan stays active{periodEnd ? ` until ${formatDate(periodEnd)}` : ' until the end of the period you paid for'}. After that your
          profile is no longer listed in search. You can choose a plan again at any time.
        </p>
      </Dialog>
    </>
  );
}
