// 'Request an appointment' on a practice's profile (docs/product.md 19.1): a phone-first form with the pet's
// name, species, the reason and up to three times picked from the practice's real opening hours in its zone
// (the owner's own zone shown when it differs). A refusal is shown next to the form, which keeps the input.
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { FormError } from '../../../components/ui/form-error';
import { signedInUser } from '../../auth';
import { APPOINTMENT_LIMITS } from '../../../../shared/lib/appointment-rules';
import type { DayHours } from '../../../../shared/lib/opening-hours';
import { useRequestAppointmentMutation } from '../api/request-appointment';
import { readerZone, slotDays } from '../appointment-times';
import '../appointments.css';

const EMPTY = { pet_name: '', species: '', reason: '', phone: '', times: ['', '', ''] };
const CHOICES = ['First choice', 'Second choice (optional)', 'Third choice (optional)'];

export function RequestAppointment({ doctorId, clinic, hours, timeZone }: { doctorId: number; clinic: string; hours: DayHours[]; timeZone: string | null }) {
  const user = useAppSelector(signedInUser);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<{ message: string; field?: string }>();
  const [send, { isLoading }] = useRequestAppointmentMutation();
  const days = useMemo(() => (open && timeZone ? slotDays(hours, timeZone) : []), [open, hours, timeZone]);
  const ownZone = readerZone();

  if (!timeZone || hours.every((day) => day.closed)) return null;
  const set = (field: 'pet_name' | 'species' | 'reason' | 'phone') => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const setTime = (index: number) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, times: v.times.map((t, i) => (i === index ? event.target.value : t)) }));
  const invalid = (field: string) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'appointment-problem' } : {});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const preferred = values.times.filter(Boolean);
    if (preferred.length === 0) {
      setProblem({ message: 'Choose at least one time.', field: 'preferred' });
      return;
    }
    const answer = await send({
      doctor_id: doctorId,
      pet_name: values.pet_name,
      species: values.species,
      reason: values.reason,
      phone: values.phone,
      preferred,
    });
    if ('error' in answer && answer.error) {
      const error = answer.error as { message?: string; data?: { field?: string } };
      setProblem({ message: error.message ?? 'The request could not be sent. Please try again.', field: error.data?.field });
      return;
    }
    setSent(true);
    setValues(EMPTY);
  };

  return (
    <div className="card appointment-card" id="appointment">
      <h2>Request an appointment</h2>
      {sent ? (
        <div role="status" className="form-success">
          <p>Your request was sent to {clinic}. We will e-mail you when they answer.</p>
          <Link className="button" to="/myappointments">
            See my appointments
          </Link>
        </div>
      ) : !user ? (
        <>
          <p className="muted">Ask {clinic} for a visit at up to three times that suit you.</p>
          <Link className="button button-primary" to={`/signin?next=${encodeURIComponent(`/viewdoctorprofile/${doctorId}#appointment`)}`}>
            Sign in to request an appointment
          </Link>
        </>
      ) : !open ? (
        <>
          <p className="muted">Ask {clinic} for a visit at up to three times that suit you. They confirm one, propose another or decline.</p>
          <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
            Request an appointment
          </button>
        </>
      ) : (
        <form className="appointment-form" onSubmit={submit}>
          <p className="muted">
            Times are the practice&apos;s local time ({timeZone}){ownZone !== timeZone ? `; your own time is shown beside each.` : '.'}
          </p>
          <div className="form-row">
            <div className="field">
              <label htmlFor="appointment-pet">Pet&apos;s name</label>
              <input
                id="appointment-pet"
                required
                maxLength={APPOINTMENT_LIMITS.petNameMax}
                value={values.pet_name}
                onChange={set('pet_name')}
                {...invalid('pet_name')}
              />
            </div>
            <div className="field">
              <label htmlFor="appointment-species">Species</label>
              <input
                id="appointment-species"
                required
                maxLength={APPOINTMENT_LIMITS.speciesMax}
                placeholder="Dog, cat, rabbit…"
                value={values.species}
                onChange={set('species')}
                {...invalid('species')}
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor="appointment-reason">Reason for the visit</label>
            <textarea
              id="appointment-reason"
              required
              rows={3}
              minLength={APPOINTMENT_LIMITS.reasonMin}
              maxLength={APPOINTMENT_LIMITS.reasonMax}
              value={values.reason}
              onChange={set('reason')}
              {...invalid('reason')}
            />
          </div>
          {CHOICES.map((label, index) => (
            <div className="field" key={label}>
              <label htmlFor={`appointment-time-${index}`}>{label}</label>
              <select id={`appointment-time-${index}`} required={index === 0} value={values.times[index]} onChange={setTime(index)} {...invalid('preferred')}>
                <option value="">{index === 0 ? 'Choose a time' : 'No other time'}</option>
                {days.map((day) => (
                  <optgroup key={day.label} label={day.label}>
                    {day.slots.map((slot) => (
                      <option key={slot.iso} value={slot.iso}>
                        {day.label.split(',')[0]} {slot.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
          ))}
          <div className="field">
            <label htmlFor="appointment-phone">Phone (optional)</label>
            <input
              id="appointment-phone"
              type="tel"
              autoComplete="tel"
              maxLength={APPOINTMENT_LIMITS.phoneMax}
              value={values.phone}
              onChange={set('phone')}
              {...invalid('phone')}
            />
          </div>
          <FormError id="appointment-problem">{problem?.message}</FormError>
          <div className="appointment-actions">
            <button type="submit" className="button button-primary" disabled={isLoading}>
              {isLoading ? 'Sending…' : 'Send request'}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
