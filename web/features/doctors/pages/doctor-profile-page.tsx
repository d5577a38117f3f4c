// /viewdoctorprofile/:id: a listed practice's public profile (docs/product.md, Search).
import { paths, routePath } from '../../../../shared/routes';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { ProfileAbout, ProfileContact, ProfileEducation, ProfileHours, ProfilePhotos, ProfileServices } from '../../../components/profile/profile-sections';
import { store, useAppSelector } from '../../../app/store';
import { isOwner } from '../../auth';
import { embeddedFirstScreen } from '../../../lib/first-screen';
import { useHydrated } from '../../../lib/use-hydrated';
import { usePageTitle } from '../../../lib/use-page-title';
import { recordProfileEvent } from '../api/contact-doctor';
import { seedDoctor, useGetDoctorQuery } from '../api/get-doctor';
import { ContactForm } from '../components/contact-form';
import { DoctorBadges } from '../components/doctor-badges';
import { LazyClinicMap } from '../components/lazy-clinic-map';
import { FavoriteButton } from '../components/favorite-button';
import { addressLine } from '../../../../shared/lib/address';
import { isOpenAt } from '../../../../shared/lib/opening-hours';
import { localDateAt } from '../../../../shared/lib/special-hours';
import { DoctorReviews, seedReviews } from '../../reviews';
import { DoctorRating } from '../../../components/ui/rating-stars';
import { CallFailed } from '../../../components/ui/call-failed';
import { failureStatus } from '../../../lib/api';
import { RequestAppointment } from '../../appointments';
import { BookingBar, BookVisit, NextAvailable, type ProfileBooking } from '../../booking';
import './doctor-profile-page.css';
import { responseTimeText } from '../../../../shared/lib/appointment-rules';
import '../../../components/profile/profile.css';
import '../doctors.css';
import { now } from '../../../lib/clock';
import type { DoctorPage } from '../../../../shared/schemas/doctor';

// A signed-in owner's 'Send a message' starts or continues a conversation (decisions.md section 19); its code loads
// only for them, so a visitor's profile page stays as small as before.
const StartConversation = lazy(() => import('../../messages').then((module) => ({ default: module.StartConversation })));

// The profile embedded in the page is the first cached answer: the first screen needs no second request
// and nothing moves when it arrives (docs/product.md, Pages and look).
const firstScreen = embeddedFirstScreen();
seedDoctor(store.dispatch, firstScreen);
seedReviews(store.dispatch, firstScreen);

/** The page's frame with grey blocks where the profile goes, the same size, while it loads. */
function ProfileSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">Loading the profile…</span>
      <section className="page-hero" aria-hidden="true">
        <div className="container">
          <p className="skeleton-line" />
          <p className="skeleton-line skeleton-title" />
          <p className="skeleton-line" />
        </div>
      </section>
      <section className="section" aria-hidden="true">
        <div className="container profile-grid">
          <div className="profile-main">
            <div className="card skeleton-card" />
          </div>
          <aside className="profile-side">
            <div className="card skeleton-card" />
            <div className="card skeleton-card" />
          </aside>
        </div>
      </section>
    </div>
  );
}

/** The message card while the session or the conversation's code is on its way. */
function MessageCardWaiting({ clinic }: { clinic: string }) {
  return (
    <div className="card" id="contact" aria-busy="true">
      <h2>Send a message</h2>
      <p className="muted">Ask {clinic} a question.</p>
      <div className="skeleton-card" aria-hidden="true" />
    </div>
  );
}

/**
 * The week's hours with whether the clinic is open now. The server's answer says whether it was open when it was sent;
 * the browser's clock takes over once the server's markup is hydrated. Only this card renders again then, not the
 * whole page (docs/decisions/265-the-app-starts-in-steps.md).
 */
function HoursNow({ doctor }: { doctor: DoctorPage }) {
  const hydrated = useHydrated();
  const openNow = (hydrated ? isOpenAt(doctor.working_time, doctor.time_zone, now(), doctor.special_hours) : null) ?? doctor.open_now ?? null;
  // The clinic's date, for marking this week's special days in the week (docs/product.md section 22): after hydration only.
  const today = hydrated && doctor.time_zone ? localDateAt(doctor.time_zone, now())?.date : undefined;
  return (
    <ProfileHours
      workingTime={doctor.working_time}
      timeZone={doctor.time_zone}
      openNow={openNow}
      specialHours={doctor.special_hours ?? []}
      today={today}
      level={2}
    />
  );
}

export default function DoctorProfilePage() {
  const { id = '' } = useParams();
  const { currentData: doctor, error, refetch, isFetching } = useGetDoctorQuery(id);
  // Only the server's 404 (or a malformed id's 400) means the profile is not there; a failed call offers to try again (28.1).
  const missing = failureStatus(error) === 404 || failureStatus(error) === 400;
  const owner = useAppSelector(isOwner);
  const restoring = useAppSelector((state) => state.auth.restoring);
  usePageTitle(doctor?.clinic_name ?? 'Doctor profile');

  if (error && !missing) {
    return (
      <section className="container narrow not-found">
        <h1>We could not load this profile</h1>
        <CallFailed failure={error} onRetry={() => void refetch()} retrying={isFetching} />
      </section>
    );
  }
  if (error) {
    return (
      <section className="container narrow not-found">
        <h1>Profile not available</h1>
        <p>{error.message}</p>
        <Link className="button button-primary" to={paths.searchDoctor}>
          Search veterinarians
        </Link>
      </section>
    );
  }
  if (!doctor) return <ProfileSkeleton />;

  const hasPoint = typeof doctor.latitude === 'number' && typeof doctor.longitude === 'number';
  const address = addressLine(doctor);
  const clinic = doctor.clinic_name ?? doctor.name;
  // Left out of the answer when the plan does not include them (docs/product.md, Plans and payment).
  const services = doctor.services ?? [];
  // Bookable times (decisions.md section 18): a practice with visit types takes bookings; the others keep requests.
  const { visit_types: visitTypes = [], next_available: nextAvailable } = doctor as typeof doctor & ProfileBooking;
  const bookable = doctor.contact_form && visitTypes.length > 0 && Boolean(doctor.time_zone);
  const directions = address ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${clinic}, ${address}`)}` : undefined;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow profile-crumb">
            <Link to={paths.searchDoctor}>Find a vet</Link>
          </p>
          <div className="profile-preview-head">
            {doctor.avatar && <img className="profile-avatar" src={doctor.avatar} alt="" width={96} height={96} />}
            <h1>{doctor.clinic_name ?? doctor.name}</h1>
            <FavoriteButton doctorId={doctor.id} name={clinic} />
          </div>
          <p className="lead">
            {doctor.name}
            {address ? ` · ${address}` : ''}
          </p>
          <DoctorRating doctor={doctor} href="#reviews" />
          <NextAvailable at={nextAvailable} timeZone={doctor.time_zone} />
          {doctor.response_time_hours !== null && <p className="response-time">{responseTimeText(doctor.response_time_hours)}</p>}
          <DoctorBadges doctor={{ ...doctor, services, sponsored: false }} />
        </div>
      </section>
      <section className="section">
        <div className="container profile-grid">
          <div className="profile-main">
            {bookable && <BookVisit doctorId={doctor.id} clinic={clinic} timeZone={doctor.time_zone!} visitTypes={visitTypes} />}
            <ProfileAbout summary={doctor.summary} level={2} />
            <ProfilePhotos photos={doctor.photos ?? []} clinic={clinic} level={2} />
            <ProfileServices services={services} species={doctor.species} level={2} />
            <ProfileEducation education={doctor.education} level={2} />
          </div>
          <aside className="profile-side">
            <ProfileContact contact={doctor} address={address} level={2} onFollow={(link) => recordProfileEvent(doctor.id, link)}>
              {hasPoint && (
                <div className="profile-map">
                  <LazyClinicMap
                    whenVisible
                    points={[
                      { id: doctor.id, latitude: doctor.latitude as number, longitude: doctor.longitude as number, label: doctor.clinic_name ?? doctor.name },
                    ]}
                    label={`Map of ${doctor.clinic_name ?? doctor.name}`}
                    zoom={15}
                  />
                </div>
              )}
              {directions && (
                <p>
                  <a className="button" href={directions} target="_blank" rel="noopener nofollow" onClick={() => recordProfileEvent(doctor.id, 'directions')}>
                    Get directions
                  </a>
                </p>
              )}
            </ProfileContact>
            {/* Appointment requests come with the contact form: Professional and Premium (docs/product.md 19.7). */}
            {doctor.contact_form && !bookable && (
              <RequestAppointment doctorId={doctor.id} clinic={clinic} hours={doctor.working_time} timeZone={doctor.time_zone} />
            )}
            {/* A signed-in owner starts a conversation, a visitor sends the contact form (docs/product.md 32.1, 32.10). While a
                stored session is being checked the card waits, busy: a visitor's form typed in then would be replaced. */}
            {doctor.contact_form &&
              (owner ? (
                <Suspense fallback={<MessageCardWaiting clinic={clinic} />}>
                  <StartConversation doctorId={doctor.id} clinic={clinic} />
                </Suspense>
              ) : restoring ? (
                <MessageCardWaiting clinic={clinic} />
              ) : (
                <ContactForm doctorId={doctor.id} clinic={clinic} />
              ))}
            <HoursNow doctor={doctor} />
            {/* For the practice's own vet, quietly, here and on /services, never on the owners' result cards
                (docs/product.md section 20). */}
            {doctor.claimed === false && (
              <div className="card claim-offer">
                <h2>Is this your practice?</h2>
                <p>Claim it to keep its hours, services and photos up to date, and to answer pet owners.</p>
                <Link className="button" to={routePath('claimPractice', { id: doctor.id })}>
                  Claim it
                </Link>
              </div>
            )}
          </aside>
          <DoctorReviews doctorId={doctor.id} clinic={clinic} />
        </div>
      </section>
      <BookingBar phone={doctor.contact_phone} canBook={bookable} />
    </>
  );
}
