// 'Book a visit' on a practice's profile (decisions.md section 18): the visit type, the day strip and the chosen
// day's free times; a tap on a time opens a short step (the pet and the reason) and Book. A visitor goes to sign in
// and comes back to the same visit type, day and time (withNext). A time taken meanwhile answers with the next free
// times as buttons, never an error page; a booking ends on its confirmation with a link to My appointments.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatInZone, formatNumber, formatTimeInZone } from '../../../../shared/lib/formats';
import { signInPath } from '../../../../shared/lib/next-path';
import { paths, routePath } from '../../../../shared/routes';
import { useAppSelector } from '../../../app/store';
import { FormError } from '../../../components/ui/form-error';
import { SelectField, TextAreaField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api';
import { signedInUser } from '../../auth';
import { takenAlternatives, useBookMutation, type Booked, type VisitType } from '../api/booking';
import { NO_PET_CHOICE, PetPicker, usePickedPet, type PetChoice } from '../../pets';
import { SlotPicker } from './slot-picker';
import '../booking.css';

/** The address parameters that bring a visitor back to the same choice after signing in. */
const PARAM = { visit: 'visit', day: 'day', time: 'time' } as const;
const REASON_MIN = 10;

/** 'Dental check · 30 min · from $45' */
export function visitTypeText(type: VisitType): string {
  const parts = [type.name, `${type.minutes} min`];
  if (type.price_from) parts.push(`from $${formatNumber(type.price_from)}`);
  return parts.join(' · ');
}

export function BookVisit({ doctorId, clinic, timeZone, visitTypes }: { doctorId: number; clinic: string; timeZone: string; visitTypes: VisitType[] }) {
  const user = useAppSelector(signedInUser);
  const restoring = useAppSelector((state) => state.auth.restoring);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returned = Number(params.get(PARAM.visit));
  const [visitId, setVisitId] = useState(() => visitTypes.find((t) => t.id === returned)?.id ?? visitTypes[0]!.id);
  const [day, setDay] = useState<string | undefined>(() => params.get(PARAM.day) ?? undefined);
  const [start, setStart] = useState<string | undefined>(() => (user || restoring ? (params.get(PARAM.time) ?? undefined) : undefined));
  const [pet, setPet] = useState<PetChoice>(NO_PET_CHOICE);
  const [petField, setPetField] = useState<string>();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [alternatives, setAlternatives] = useState<string[]>();
  const [booked, setBooked] = useState<Booked & { start: string }>();
  const [book, booking] = useBookMutation();
  const picked = usePickedPet();
  const onPet = useCallback((value: PetChoice) => setPet(value), []);

  // Signing in or creating an account comes first; the address brings the visitor back to this time.
  const signInFor = useCallback(
    (iso: string) => {
      const back = new URLSearchParams({ [PARAM.visit]: String(visitId), [PARAM.day]: day ?? '', [PARAM.time]: iso });
      navigate(signInPath(`${routePath('doctorProfile', { id: doctorId })}?${back}#book`));
    },
    [visitId, day, doctorId, navigate],
  );
  const pick = (iso: string) => {
    setProblem(undefined);
    setAlternatives(undefined);
    // A stored session still being checked keeps the time; the effect below sends a visitor on once it is known.
    if (!user && !restoring) return signInFor(iso);
    setStart(iso);
  };
  useEffect(() => {
    if (start && !user && !restoring) {
      setStart(undefined);
      signInFor(start);
    }
  }, [start, user, restoring, signInFor]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!start || restoring) return;
    setProblem(undefined);
    setAlternatives(undefined);
    if (reason.trim().length < REASON_MIN) return setProblem(`Describe the reason for the visit in at least ${REASON_MIN} characters.`);
    setPetField(undefined);
    const chosen = await picked.resolve(pet);
    if ('problem' in chosen) {
      setPetField(chosen.problem.field);
      return setProblem(chosen.problem.message);
    }
    setPet(chosen.choice);
    const answer = await book({ doctor_id: doctorId, visit_type_id: visitId, start, pet_id: chosen.petId, reason: reason.trim() });
    if (answer.error) {
      const offered = takenAlternatives(answer.error);
      if (offered) {
        setAlternatives(offered);
        return setProblem('That time was just taken.');
      }
      return setProblem(failureMessage(answer.error, 'The booking did not go through. Please try again.'));
    }
    setBooked({ ...answer.data, start });
  };

  if (booked) {
    return (
      <div className="card book-card" id="book">
        <h2>{booked.state === 'confirmed' ? 'Your visit is booked' : 'Your visit is requested'}</h2>
        <div role="status" className="form-success">
          <p>
            <strong>{formatInZone(booked.start, timeZone)}</strong> at {clinic}.
          </p>
          <p>
            {booked.state === 'confirmed'
              ? 'We sent you a confirmation e-mail with a calendar file.'
              : `${clinic} confirms each booking; we e-mail you when they do.`}
          </p>
          <Link className="button" to={paths.myAppointments}>
            See my appointments
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="card book-card" id="book">
      <h2>Book a visit</h2>
      {visitTypes.length > 1 ? (
        <SelectField
          id="book-visit-type"
          label="Visit type"
          value={visitId}
          onChange={(e) => {
            setVisitId(Number(e.target.value));
            setStart(undefined);
          }}
        >
          {visitTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {visitTypeText(type)}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="muted">{visitTypeText(visitTypes[0]!)}</p>
      )}
      <SlotPicker
        doctorId={doctorId}
        visitTypeId={visitId}
        timeZone={timeZone}
        day={day}
        chosen={start}
        onDay={(d) => {
          setDay(d);
          setStart(undefined);
        }}
        onPick={(slot) => pick(slot.start)}
      />
      {start && (
        <form className="book-step" onSubmit={submit} aria-label="Your booking" noValidate>
          <p className="book-when">
            <strong>{formatInZone(start, timeZone)}</strong>
          </p>
          <PetPicker idPrefix="book" value={pet} onChange={onPet} problemField={petField} describedBy="book-problem" />
          <TextAreaField
            id="book-reason"
            label="Reason for the visit"
            rows={3}
            required
            minLength={REASON_MIN}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <FormError id="book-problem">{problem}</FormError>
          {alternatives && alternatives.length > 0 && (
            <div className="slot-times" role="group" aria-label="Other free times">
              {alternatives.map((iso) => (
                <button key={iso} type="button" className="slot-button" onClick={() => pick(iso)}>
                  {formatTimeInZone(iso, timeZone, true)}
                </button>
              ))}
            </div>
          )}
          <div className="appointment-actions">
            <button type="submit" className="button button-primary" disabled={picked.saving || booking.isLoading || restoring}>
              {picked.saving || booking.isLoading ? 'Booking…' : 'Book'}
            </button>
            <button type="button" className="button" onClick={() => setStart(undefined)}>
              Choose another time
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
