// /viewprofile (docs/product.md, Roles and guards and Profile and review): the vet's own profile as the public sees it, its
// review state (draft, in review, approved, rejected with the reason) and the plan with its renewal date.
import { paths, routePath } from '../../../../shared/routes';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { planById } from '../../../../shared/constants/plans';
import { hasFeature } from '../plan-feature';
import { REVIEW_STATE_LABELS } from '../../../../shared/lib/profile-rules';
import type { User } from '../../../../shared/types/user';
import { useAppSelector } from '../../../app/store';
import { PageLoader } from '../../../components/ui/page-loader';
import { ProfilePreview } from '../../../components/profile/profile-preview';
import { formatDate } from '../../../../shared/lib/formats';
import { usePageTitle } from '../../../lib/use-page-title';
import { signedInUser, useCurrentUserQuery } from '../../auth';
import { PracticeReviews } from '../../reviews';
import { PracticeAppointments } from '../../appointments';
import { useMyPhotosQuery } from '../api/get-my-photos';
import { MessagesPanel } from '../components/messages-panel';
import { PhotosPanel } from '../components/photos-panel';
import { ServicesPanel } from '../components/services-panel';
import { clinicOrPracticeName } from '../../../../shared/lib/practice-name';
import '../profile.css';

// The statistics chart loads only for a Premium vet on this page.
const StatisticsPanel = lazy(() => import('../components/statistics-panel'));

function ReviewStatus({ user }: { user: User }) {
  // A user without a profile yet has nothing in review: a draft.
  const state = user.profile?.review_state ?? 'draft';
  const reason = user.profile?.review_reason;
  const text = {
    draft: 'Your profile is not submitted yet. Finish the steps and submit it for review to be listed.',
    pending: 'An administrator is reviewing your profile. We will e-mail you when it is decided.',
    approved: 'Your profile is approved and listed: pet owners find it in search.',
    rejected: 'Your profile was not approved. Please change what the administrator asks and submit it again.',
  }[state];
  return (
    <div className={`review-status review-${state}`} role="status">
      <p className="review-state-line">
        Review state: <strong data-testid="review-state">{REVIEW_STATE_LABELS[state]}</strong>
      </p>
      <p>{text}</p>
      {state === 'rejected' && reason && (
        <blockquote className="review-reason">
          <span className="visually-hidden">Reason: </span>
          {reason}
        </blockquote>
      )}
    </div>
  );
}

function PlanStatus({ user }: { user: User }) {
  const payment = user.payment;
  const plan = payment && payment.plan > 0 ? planById(payment.plan) : undefined;
  if (!plan || !payment) {
    return (
      <p>
        No plan yet. <Link to={paths.services}>Choose a plan</Link> to be listed.
      </p>
    );
  }
  const end = payment.current_period_end ? formatDate(payment.current_period_end) : undefined;
  return (
    <p>
      Plan: <strong>{plan.name}</strong>
      {end && (payment.status === 'canceling' ? ` · ends on ${end}` : ` · renews on ${end}`)} · <Link to={paths.services}>Change plan</Link>
    </p>
  );
}

/** The profile as the public page shows it: photos and services only while the plan includes them (docs/product.md, Plans and payment). */
function PublicPreview({ user, profile }: { user: User; profile: NonNullable<User['profile']> }) {
  const withPhotos = hasFeature(user, 'photos');
  const { data } = useMyPhotosQuery(undefined, { skip: !withPhotos });
  const shown = hasFeature(user, 'services') ? profile : { ...profile, services: [] };
  return <ProfilePreview user={user} profile={shown} photos={withPhotos ? (data?.data ?? []) : []} />;
}

export default function ViewProfilePage() {
  const user = useAppSelector(signedInUser);
  const token = useAppSelector((state) => state.auth.token);
  usePageTitle('Your Profile');
  // The review state may have changed since sign-in (an administrator decided): read it fresh each
  // time the page opens; the answer replaces the stored user (web/features/auth/api/get-current-user.ts).
  useCurrentUserQuery(token, { skip: !token, refetchOnMountOrArgChange: true });
  if (!user) return <PageLoader />;
  const listed = user.profile?.review_state === 'approved' && (user.payment?.plan ?? 0) > 0;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Your practice</p>
          <h1>Your Profile</h1>
          <p className="lead">This is how pet owners see your practice.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <div className="card account-status">
            <ReviewStatus user={user} />
            <PlanStatus user={user} />
            <div className="actions">
              <Link className="button button-primary" to={paths.setupProfile}>
                {user.submit_at ? 'Edit profile' : 'Continue setup'}
              </Link>
              {listed && (
                <Link className="button" to={routePath('doctorProfile', { id: user.id })}>
                  Open public page
                </Link>
              )}
            </div>
          </div>
          {hasFeature(user, 'statistics') && (
            <Suspense fallback={<p aria-busy="true">Loading statistics…</p>}>
              <StatisticsPanel />
            </Suspense>
          )}
          {/* The history stays after a plan lapses (docs/product.md 19.7): the inbox shows for every vet account. */}
          <PracticeAppointments />
          {hasFeature(user, 'contact_form') && <MessagesPanel />}
          {hasFeature(user, 'photos') && <PhotosPanel />}
          {hasFeature(user, 'services') && <ServicesPanel services={user.profile?.services ?? []} />}
          {listed && (
            <PracticeReviews
              doctorId={user.id}
              clinic={clinicOrPracticeName({ claimed: true, firstName: user.first_name, lastName: user.last_name, clinicName: user.profile?.clinic_name })}
            />
          )}
          {user.profile ? <PublicPreview user={user} profile={user.profile} /> : <p className="empty-state">You have not filled in your profile yet.</p>}
        </div>
      </section>
    </>
  );
}
