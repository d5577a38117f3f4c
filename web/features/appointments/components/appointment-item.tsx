// One appointment as both sides see it (docs/product.md 19.2-19.3): the pet (with a saved pet's details, section 31), the state, the time in the
// practice's zone (and the reader's when it differs), the preferred times while it waits, the last message.
import type { ReactNode } from 'react';
import type { Appointment } from '../../../../shared/schemas/appointment';
import { STATE_TEXT } from '../appointment-times';
import { calendarToday, inBothZones } from '../../../../shared/lib/formats';
import { petDetailLines } from '../../../../shared/lib/pet-rules';
import { now } from '../../../lib/clock';

export function AppointmentTime({ iso, zone }: { iso: string; zone: string }) {
  const shown = inBothZones(iso, zone);
  return (
    <span className="appointment-time">
      <strong>{shown.practice}</strong>
      {shown.own && <span className="muted"> (your time: {shown.own})</span>}
    </span>
  );
}

export function AppointmentItem({
  appointment,
  title,
  level,
  details,
  actions,
}: {
  appointment: Appointment;
  title: ReactNode;
  /** The heading level under the page's or the section's heading. */
  level: 2 | 3;
  details?: ReactNode;
  actions?: ReactNode;
}) {
  const a = appointment;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className="card appointment-item" data-state={a.state}>
      <div className="spread-row appointment-head">
        <Heading>{title}</Heading>
        <span className={`appointment-state appointment-state-${a.state}`}>{STATE_TEXT[a.state]}</span>
      </div>
      <p>
        {a.pet_name} ({a.species}): {a.reason}
      </p>
      {visitTypeName(a) && <p className="small">Visit: {visitTypeName(a)}</p>}
      {a.pet && (
        <ul className="appointment-pet" aria-label={`About ${a.pet_name}`}>
          {petDetailLines(a.pet, calendarToday(now())).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {a.start && (a.state === 'confirmed' || a.state === 'proposed' || a.state === 'completed' || a.state === 'no_show' || a.state === 'cancelled') ? (
        <p>
          {a.state === 'proposed' ? 'Proposed time: ' : 'Time: '}
          <AppointmentTime iso={a.start} zone={a.time_zone} />
        </p>
      ) : (
        <div>
          <p className="small">Preferred times:</p>
          <ul className="appointment-times">
            {a.preferred.map((iso) => (
              <li key={iso}>
                <AppointmentTime iso={iso} zone={a.time_zone} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {a.message && <p className="appointment-message">Message: {a.message}</p>}
      {details}
      {actions && <div className="appointment-actions">{actions}</div>}
    </li>
  );
}

/** A booking's visit type, when the answer names it (docs/product.md section 30). */
function visitTypeName(a: Appointment): string | undefined {
  const type = (a as Appointment & { visit_type?: { name: string } | string | null }).visit_type;
  return typeof type === 'string' ? type : (type?.name ?? undefined);
}

/** The refusal of a move as the list shows it. */
export const problemOf = (error: unknown) => (error as { message?: string }).message ?? 'That did not work. Please reload the page and try again.';
