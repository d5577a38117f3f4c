// 'Request an appointment' on a practice's profile (docs/product.md 19.1): a phone-first form with the pet's
// name, species (a signed-in owner picks a saved pet or adds one: PetPicker, section 31), the reason and up to three times picked from the practice's real opening hours in its zone
// (the owner's own zone shown when it differs). A refusal is shown next to the form, which keeps the input.
// A visitor fills it in too: 'Send request' then keeps the input as a draft (web/lib/draft.ts) and goes to sign in or
// create an account with `?next=` back here (`?request=open`), where the form opens again with the draft
// (docs/product.md section 26).
import { InputField, SelectField, TextAreaField } from '../../../components/ui/text-field';
import { fieldProps, invalidField } from '../../../lib/field-props';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { FormError } from '../../../components/ui/form-error';
import { signedInUser } from '../../auth';
import { NO_PET_CHOICE, PetPicker, usePickedPet, type PetChoice } from '../../pets';
import { APPOINTMENT_LIMITS } from '../../../../shared/lib/appointment-rules';
import { speciesFromText } from '../../../../shared/lib/pet-rules';
import type { DayHours } from '../../../../shared/lib/opening-hours';
import { dropDraft, readDraft, saveDraft } from '../../../lib/draft';
import { signInPath } from '../../../../shared/lib/next-path';
import { withoutParam } from '../../../lib/address-params';
import { paths, routePath } from '../../../../shared/routes';
import { useRequestAppointmentMutation } from '../api/request-appointment';
import { slotDays } from '../appointment-times';
import { sameClock, viewerZone, zoneName } from '../../../../shared/lib/formats';
import '../appointments.css';
import { now } from '../../../lib/clock';

const EMPTY = { pet_name: '', species: '', reason: '', phone: '', times: ['', '', ''] };
const CHOICES = ['First choice', 'Second choice (optional)', 'Third choice (optional)'];
/** The address parameter that opens the form on return from signing in. */
const OPEN_PARAM = 'request';
const draftKey = (doctorId: number) => `appointment:${doctorId}`;

export function RequestAppointment({ doctorId, clinic, hours, timeZone }: { doctorId: number; clinic: string; hours: DayHours[]; timeZone: string | null }) {
  const user = useAppSelector(signedInUser);
  const restoring = useAppSelector((state) => state.auth.restoring);
  // The signed-in form also while a stored session is being checked: a visitor's fields typed in then would be lost
  // when the session comes back (the form waits, busy, instead).
  const signedInForm = user !== undefined || restoring;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  // A signed-in owner picks a saved pet or adds one on the way (docs/product.md section 31); a visitor types it.
  const [petChoice, setPetChoice] = useState<PetChoice>(NO_PET_CHOICE);
  // A kept draft (and the return address's `?request=open`) opens the form with what was typed.
  const returning = params.get(OPEN_PARAM) === 'open';
  useEffect(() => {
    const draft = readDraft<typeof EMPTY>(draftKey(doctorId));
    if (draft) setValues({ ...EMPTY, ...draft, times: [...draft.times, '', '', ''].slice(0, 3) });
    // The pet a visitor typed before signing in becomes the picker's new pet (docs/product.md section 31).
    if (draft?.pet_name) setPetChoice({ pick: 'new', pet: { ...NO_PET_CHOICE.pet, name: draft.pet_name, species: speciesFromText(draft.species) } });
    if (draft || returning) setOpen(true);
  }, [doctorId, returning]);
  useEffect(() => {
    if (!returning || restoring) return;
    setParams(withoutParam(OPEN_PARAM), { replace: true });
  }, [returning, restoring, setParams]);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<{ message: string; field?: string }>();
  const [send, { isLoading }] = useRequestAppointmentMutation();
  const choosePet = useCallback((choice: PetChoice) => setPetChoice(choice), []);
  const picked = usePickedPet();
  const days = useMemo(() => (open && timeZone ? slotDays(hours, timeZone, now()) : []), [open, hours, timeZone]);

  if (!timeZone || hours.every((day) => day.closed)) return null;
  const change = (update: (v: typeof EMPTY) => typeof EMPTY) =>
    setValues((v) => {
      const next = update(v);
      saveDraft(draftKey(doctorId), next);
      return next;
    });
  const setTime = (index: number) => (event: { target: { value: string } }) =>
    change((v) => ({ ...v, times: v.times.map((t, i) => (i === index ? event.target.value : t)) }));
  const invalid = invalidField(problem?.field, 'appointment-problem');
  const field = fieldProps<'pet_name' | 'species' | 'reason' | 'phone'>(values, (name, value) => change((v) => ({ ...v, [name]: value })), invalid);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const preferred = values.times.filter(Boolean);
    if (preferred.length === 0) {
      setProblem({ message: 'Choose at least one time.', field: 'preferred' });
      return;
    }
    if (restoring) return; // the stored session is still being checked; the button waits for it
    if (!user) {
      // Signing in or creating an account comes first; the draft and this address bring the person back.
      saveDraft(draftKey(doctorId), values);
      navigate(signInPath(`${routePath('doctorProfile', { id: doctorId })}?${OPEN_PARAM}=open#appointment`));
      return;
    }
    const pet = await picked.resolve(petChoice);
    if ('problem' in pet) {
      setProblem(pet.problem);
      return;
    }
    setPetChoice(pet.choice);
    const answer = await send({
      doctor_id: doctorId,
      pet_id: pet.petId,
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
    setPetChoice(NO_PET_CHOICE);
    dropDraft(draftKey(doctorId));
  };

  return (
    <div className="card appointment-card" id="appointment">
      <h2>Request an appointment</h2>
      {sent ? (
        <div role="status" className="form-success">
          <p>Your request was sent to {clinic}. We will e-mail you when they answer.</p>
          <Link className="button" to={paths.myAppointments}>
            See my appointments
          </Link>
        </div>
      ) : !open ? (
        <>
          <p className="muted">Ask {clinic} for a visit at up to three times that suit you. They confirm one, propose another or decline.</p>
          <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
            Request an appointment
          </button>
        </>
      ) : (
        <form className="appointment-form" onSubmit={submit} noValidate>
          <p className="muted">
            Times are the practice&apos;s local time ({zoneName(timeZone, now())})
            {!sameClock(viewerZone(), timeZone, now()) ? `; your own time is shown beside each.` : '.'}
          </p>
          {signedInForm ? (
            <PetPicker idPrefix="appointment-pet" value={petChoice} onChange={choosePet} problemField={problem?.field} describedBy="appointment-problem" />
          ) : (
            <div className="form-row">
              <InputField id="appointment-pet" label="Pet's name" required maxLength={APPOINTMENT_LIMITS.petNameMax} {...field('pet_name')} />
              <InputField
                id="appointment-species"
                label="Species"
                required
                maxLength={APPOINTMENT_LIMITS.speciesMax}
                placeholder="Dog, cat, rabbit…"
                {...field('species')}
              />
            </div>
          )}
          <TextAreaField
            id="appointment-reason"
            label="Reason for the visit"
            required
            rows={3}
            minLength={APPOINTMENT_LIMITS.reasonMin}
            maxLength={APPOINTMENT_LIMITS.reasonMax}
            {...field('reason')}
          />
          {CHOICES.map((label, index) => (
            <SelectField
              key={label}
              id={`appointment-time-${index}`}
              label={label}
              required={index === 0}
              value={values.times[index]}
              onChange={setTime(index)}
              {...invalid('preferred')}
            >
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
            </SelectField>
          ))}
          <InputField
            id="appointment-phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            maxLength={APPOINTMENT_LIMITS.phoneMax}
            {...field('phone')}
          />
          <FormError id="appointment-problem">{problem?.message}</FormError>
          {!signedInForm && <p className="muted">Next you sign in or create a free account; what you typed here is kept for a day.</p>}
          <div className="appointment-actions">
            <button type="submit" className="button button-primary" disabled={isLoading || picked.saving || restoring}>
              {isLoading || picked.saving ? 'Sending…' : signedInForm ? 'Send request' : 'Continue to sign in'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setOpen(false);
                dropDraft(draftKey(doctorId));
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
