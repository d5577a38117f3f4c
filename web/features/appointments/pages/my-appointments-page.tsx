// /myappointments (docs/product.md 19.3): every request of the account and its state, accept a proposed
// time, cancel before the start; times in the practice's zone and the owner's own.
import { useState } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '../../../../shared/schemas/appointment';
import { paths, routePath } from '../../../../shared/routes';
import { AccountListPage, type ListTexts } from '../../../components/ui/list-shell';
import { FormError } from '../../../components/ui/form-error';
import { useMyAppointmentsQuery } from '../api/get-my-appointments';
import { useAcceptAppointmentMutation, useCancelAppointmentMutation } from '../api/move-appointment';
import { AppointmentItem, problemOf } from '../components/appointment-item';
import { ChangeTime } from '../../booking';
import '../appointments.css';
import { now } from '../../../lib/clock';

const TEXTS: ListTexts = {
  failure: 'Your appointments could not be loaded.',
  loading: 'Loading your appointments…',
  empty: {
    text: 'You have not requested an appointment yet. Find a practice and ask for a visit from its profile.',
    action: { to: paths.searchDoctor, label: 'Find a vet' },
  },
};

function OwnAppointment({ appointment }: { appointment: Appointment }) {
  const [accept, accepting] = useAcceptAppointmentMutation();
  const [cancel, cancelling] = useCancelAppointmentMutation();
  const [problem, setProblem] = useState<string>();
  const [changing, setChanging] = useState(false);
  const [moved, setMoved] = useState<string>();
  const a = appointment;
  const upcoming = !a.start || new Date(a.start).getTime() > now().getTime();
  const run = async (move: () => Promise<{ error?: unknown }>) => {
    setProblem(undefined);
    const answer = await move();
    if (answer.error) setProblem(problemOf(answer.error));
  };
  const busy = accepting.isLoading || cancelling.isLoading;
  // A booking (a real time held since it was made) moves to another free time before it starts (decisions.md 18).
  const movable = Boolean(a.start) && (a.state === 'confirmed' || a.state === 'requested') && upcoming && a.preferred.length <= 1;
  return (
    <AppointmentItem
      appointment={a}
      level={2}
      title={<Link to={routePath('doctorProfile', { id: a.doctor_id })}>{a.clinic_name}</Link>}
      details={
        <>
          <FormError>{problem}</FormError>
          {moved && (
            <p role="status" className="form-success">
              {moved}
            </p>
          )}
          {changing && (
            <ChangeTime
              appointment={a}
              onDone={(message) => {
                setChanging(false);
                setMoved(message);
              }}
            />
          )}
        </>
      }
      actions={
        (a.state === 'proposed' || ((a.state === 'requested' || a.state === 'confirmed') && upcoming)) && (
          <>
            {a.state === 'proposed' && (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => run(() => accept({ id: a.id }))}>
                Accept this time
              </button>
            )}
            {movable && (
              <button type="button" className="button" aria-expanded={changing} onClick={() => setChanging((open) => !open)}>
                {changing ? 'Keep this time' : 'Change time'}
                <span className="visually-hidden"> of the appointment at {a.clinic_name}</span>
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
  return (
    <AccountListPage<Appointment>
      title="My appointments"
      lead="Your appointment requests, the practices' answers and your confirmed visits."
      texts={TEXTS}
      useList={useMyAppointmentsQuery}
      pageSize={10}
      listClass="appointment-list"
      item={(a) => <OwnAppointment key={a.id} appointment={a} />}
    />
  );
}
