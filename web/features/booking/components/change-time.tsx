// 'Change time' on the owner's booking (decisions.md section 18): the practice's day strip for the same visit type;
// a tap on a free time moves the booking there (/api/appointments/reschedule: the new time is held before the old
// one is freed). A time taken meanwhile offers the next free ones, as on the profile.
import { useState } from 'react';
import { formatInZone, formatTimeInZone } from '../../../../shared/lib/formats';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api';
import { useGetDoctorQuery } from '../../doctors';
import { takenAlternatives, useRescheduleMutation, type ProfileBooking } from '../api/booking';
import { SlotPicker } from './slot-picker';
import '../booking.css';

export interface Movable {
  id: number;
  doctor_id: number;
  clinic_name: string;
  start: string | null;
  time_zone: string;
  /** On a booking's answer when the server names it; else the practice's first visit type. */
  visit_type_id?: number | null;
}

export function ChangeTime({ appointment, onDone }: { appointment: Movable; onDone: (message: string) => void }) {
  const a = appointment;
  const { data: doctor } = useGetDoctorQuery(String(a.doctor_id));
  const types = (doctor as ProfileBooking | undefined)?.visit_types ?? [];
  const visitTypeId = a.visit_type_id ?? types[0]?.id;
  const [day, setDay] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [alternatives, setAlternatives] = useState<string[]>();
  const [reschedule, moving] = useRescheduleMutation();

  const move = async (start: string) => {
    setProblem(undefined);
    setAlternatives(undefined);
    const answer = await reschedule({ id: a.id, start });
    if (answer.error) {
      const offered = takenAlternatives(answer.error);
      if (offered) {
        setAlternatives(offered);
        return setProblem('That time was just taken.');
      }
      return setProblem(failureMessage(answer.error, 'The visit could not be moved. Please try again.'));
    }
    onDone(`Moved to ${formatInZone(start, a.time_zone)}.`);
  };

  if (!doctor) return <p role="status">Loading free times…</p>;
  if (!visitTypeId) return <p>{a.clinic_name} takes no online bookings now. Cancel and send a new request, or call them.</p>;
  return (
    <div className="change-time" aria-busy={moving.isLoading}>
      <SlotPicker
        doctorId={a.doctor_id}
        visitTypeId={visitTypeId}
        timeZone={a.time_zone}
        day={day}
        onDay={setDay}
        onPick={(slot) => void move(slot.start)}
        label="Move to"
      />
      <FormError>{problem}</FormError>
      {alternatives && alternatives.length > 0 && (
        <div className="slot-times" role="group" aria-label="Other free times">
          {alternatives.map((iso) => (
            <button key={iso} type="button" className="slot-button" onClick={() => void move(iso)}>
              {formatTimeInZone(iso, a.time_zone, true)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
