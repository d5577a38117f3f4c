// /myappointments (docs/product.md 19.3): every request of the account and its state, accept a proposed
// time, cancel before the start; times in the practice's zone and the owner's own.
import { useState } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '../../../../shared/schemas/appointment';
import { PageHero } from '../../../components/ui/page-hero';
import { Pagination } from '../../../components/ui/pagination';
import { FormError } from '../../../components/ui/form-error';
import { useMyAppointmentsQuery } from '../api/get-my-appointments';
import { useAcceptAppointmentMutation, useCancelAppointmentMutation } from '../api/move-appointment';
import { AppointmentItem, problemOf } from '../components/appointment-item';
import '../appointments.css';

const PAGE_SIZE = 10;

function OwnAppointment({ appointment }: { appointment: Appointment }) {
  const [accept, accepting] = useAcceptAppointmentMutation();
  const [cancel, cancelling] = useCancelAppointmentMutation();
  const [problem, setProblem] = useState<string>();
  const a = appointment;
  const upcoming = !a.start || new Date(a.start).getTime() > Date.now();
  const run = async (move: () => Promise<{ error?: unknown }>) => {
    setProblem(undefined);
    const answer = await move();
    if (answer.error) setProblem(problemOf(answer.error));
  };
  const busy = accepting.isLoading || cancelling.isLoading;
  return (
    <AppointmentItem
      appointment={a}
      level={2}
      title={<Link to={`/viewdoctorprofile/${a.doctor_id}`}>{a.clinic_name}</Link>}
      details={<FormError>{problem}</FormError>}
      actions={
        (a.state === 'proposed' || ((a.state === 'requested' || a.state === 'confirmed') && upcoming)) && (
          <>
            {a.state === 'proposed' && (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => run(() => accept({ id: a.id }))}>
                Accept this time
              </button>
            )}
            <button type="button" className="button button-danger" disabled={busy} onClick={() => run(() => cancel({ id: a.id }))}>
              Cancel<span className="visually-hidden"> the appointment at {a.clinic_name}</span>
            </button>
          </>
        )
      }
    />
  );
}

export default function MyAppointmentsPage() {
  const [page, setPage] = useState(1);
  const { currentData: data, isError, isFetching } = useMyAppointmentsQuery({ page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHero eyebrow="Your account" title="My appointments" lead="Your appointment requests, the practices' answers and your confirmed visits." />
      <section className="section">
        <div className="container narrow">
          {isError ? (
            <p className="notice" role="alert">
              Your appointments could not be loaded. Please reload the page to try again.
            </p>
          ) : !data ? (
            <div aria-busy="true">
              <span className="visually-hidden">Loading your appointments…</span>
              {[0, 1].map((i) => (
                <div key={i} className="card skeleton-card" aria-hidden="true" />
              ))}
            </div>
          ) : data.totalCount === 0 ? (
            <div className="empty-state">
              <p>You have not requested an appointment yet. Find a practice and ask for a visit from its profile.</p>
              <Link className="button button-primary" to="/searchdoctor">
                Find a vet
              </Link>
            </div>
          ) : (
            <>
              <ul className="appointment-list" aria-busy={isFetching}>
                {data.data.map((a) => (
                  <OwnAppointment key={a.id} appointment={a} />
                ))}
              </ul>
              {data.totalCount > PAGE_SIZE && <Pagination page={page} pageSize={PAGE_SIZE} total={data.totalCount} onChange={setPage} />}
            </>
          )}
        </div>
      </section>
    </>
  );
}
