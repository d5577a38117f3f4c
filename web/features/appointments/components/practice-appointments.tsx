// The practice's appointment requests on /viewprofile, next to its contact messages (docs/product.md 19.2):
// waiting requests first; confirm one of the owner's times, propose another (in the practice's zone) or
// decline, with a message; after the start, mark the visit completed or missed; cancel a confirmed one.
import { useState, type FormEvent } from 'react';
import type { PracticeAppointment } from '../../../../shared/schemas/appointment';
import { APPOINTMENT_LIMITS, zonedTime } from '../../../../shared/lib/appointment-rules';
import { FormError } from '../../../components/ui/form-error';
import { ListShell } from '../../../components/ui/list-shell';
import { usePracticeAppointmentsQuery } from '../api/get-practice-appointments';
import { useCancelAppointmentMutation, useCompleteAppointmentMutation, useRespondAppointmentMutation } from '../api/move-appointment';
import { inBothZones, zoneName } from '../../../../shared/lib/formats';
import { AppointmentItem, problemOf } from './appointment-item';
import '../appointments.css';
import { now } from '../../../lib/clock';

const PAGE_SIZE = 10;

/** A 'YYYY-MM-DDTHH:MM' from a datetime input, read in the practice's zone, as an ISO moment. */
function fromLocalInput(value: string, zone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, y, m, d, h, mi] = match.map(Number) as number[];
  return zonedTime(zone, y!, m!, d!, h! * 60 + mi!).toISOString();
}

function Answer({ appointment }: { appointment: PracticeAppointment }) {
  const a = appointment;
  const [decision, setDecision] = useState<'confirm' | 'propose' | 'decline'>('confirm');
  const [start, setStart] = useState(a.preferred[0] ?? '');
  const [proposed, setProposed] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string>();
  const [respond, { isLoading }] = useRespondAppointmentMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const when = decision === 'confirm' ? start : decision === 'propose' ? fromLocalInput(proposed, a.time_zone) : undefined;
    if (decision === 'propose' && !when) {
      setProblem('Choose the date and time you propose.');
      return;
    }
    const answer = await respond({ id: a.id, decision, ...(when ? { start: when } : {}), ...(message.trim() ? { message } : {}) });
    if (answer.error) setProblem(problemOf(answer.error));
  };
  const name = (suffix: string) => `answer-${a.id}-${suffix}`;
  return (
    <form className="appointment-answer" onSubmit={submit}>
      <fieldset>
        <legend>Your answer</legend>
        <label className="choice">
          <input type="radio" name={name('decision')} checked={decision === 'confirm'} onChange={() => setDecision('confirm')} /> Confirm one of these times
        </label>
        {decision === 'confirm' && (
          <div className="field">
            <label htmlFor={name('start')}>Time to confirm</label>
            <select id={name('start')} value={start} onChange={(e) => setStart(e.target.value)}>
              {a.preferred.map((iso) => (
                <option key={iso} value={iso}>
                  {inBothZones(iso, a.time_zone).practice}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="choice">
          <input type="radio" name={name('decision')} checked={decision === 'propose'} onChange={() => setDecision('propose')} /> Propose another time
        </label>
        {decision === 'propose' && (
          <div className="field">
            <label htmlFor={name('proposed')}>Proposed time ({zoneName(a.time_zone, now())})</label>
            <input id={name('proposed')} type="datetime-local" step={900} value={proposed} onChange={(e) => setProposed(e.target.value)} />
          </div>
        )}
        <label className="choice">
          <input type="radio" name={name('decision')} checked={decision === 'decline'} onChange={() => setDecision('decline')} /> Decline
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={name('message')}>Message to the pet owner (optional)</label>
        <textarea id={name('message')} rows={2} maxLength={APPOINTMENT_LIMITS.messageMax} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <FormError>{problem}</FormError>
      <button type="submit" className="button button-primary" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Send answer'}
      </button>
    </form>
  );
}

function InboxEntry({ appointment }: { appointment: PracticeAppointment }) {
  const a = appointment;
  const [complete, completing] = useCompleteAppointmentMutation();
  const [cancel, cancelling] = useCancelAppointmentMutation();
  const [problem, setProblem] = useState<string>();
  const started = a.start !== null && new Date(a.start).getTime() <= now().getTime();
  const run = async (move: () => Promise<{ error?: unknown }>) => {
    setProblem(undefined);
    const answer = await move();
    if (answer.error) setProblem(problemOf(answer.error));
  };
  const busy = completing.isLoading || cancelling.isLoading;
  return (
    <AppointmentItem
      appointment={a}
      level={3}
      title={`${a.owner_name}`}
      details={
        <>
          <p className="small appointment-contact">
            <a href={`mailto:${a.owner_email}`}>{a.owner_email}</a>
            {a.owner_phone && (
              <>
                {' · '}
                <a href={`tel:${a.owner_phone.replace(/[^\d+]/g, '')}`}>{a.owner_phone}</a>
              </>
            )}
          </p>
          {a.state === 'requested' && <Answer appointment={a} />}
          <FormError>{problem}</FormError>
        </>
      }
      actions={
        a.state === 'confirmed' ? (
          started ? (
            <>
              <button type="button" className="button button-primary" disabled={busy} onClick={() => run(() => complete({ id: a.id, attended: true }))}>
                Visit completed
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => run(() => complete({ id: a.id, attended: false }))}>
                No-show
              </button>
            </>
          ) : (
            <button type="button" className="button button-danger" disabled={busy} onClick={() => run(() => cancel({ id: a.id }))}>
              Cancel appointment
            </button>
          )
        ) : a.state === 'proposed' ? (
          <button type="button" className="button button-danger" disabled={busy} onClick={() => run(() => cancel({ id: a.id }))}>
            Withdraw the proposal
          </button>
        ) : undefined
      }
    />
  );
}

export function PracticeAppointments() {
  const [page, setPage] = useState(1);
  const query = usePracticeAppointmentsQuery({ page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const data = query.currentData;
  return (
    <section className="card" id="appointments" aria-labelledby="appointments-title">
      <h2 id="appointments-title">Appointment requests{data && data.openCount > 0 ? ` (${data.openCount} waiting)` : ''}</h2>
      <ListShell
        query={query}
        total={data?.totalCount}
        skeletons={1}
        texts={{
          failure: 'The appointment requests could not be loaded.',
          loading: 'Loading the appointment requests…',
          empty: <p className="muted">No appointment requests yet. Pet owners can ask for a visit from your public profile.</p>,
        }}
        pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
      >
        <ul className="appointment-list" aria-busy={query.isFetching}>
          {data?.data.map((a) => (
            <InboxEntry key={a.id} appointment={a} />
          ))}
        </ul>
      </ListShell>
    </section>
  );
}

/** The number of requests waiting for the practice's answer (the user menu shows it). */
export function useOpenAppointmentCount(enabled: boolean): number {
  const { currentData } = usePracticeAppointmentsQuery({ page: 1, pageSize: 1 }, { skip: !enabled });
  return currentData?.openCount ?? 0;
}
