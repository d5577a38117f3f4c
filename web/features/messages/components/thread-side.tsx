// Beside a thread (below it on a phone): the owner's pets and their appointments with this practice, which the
// thread's answer carries (docs/product.md section 32), so the practice answers knowing whom it talks about.
import { formatDateTime } from '../../../../shared/lib/formats';
import { APPOINTMENT_STATE_TEXT } from '../../appointments';
import type { ThreadAnswer } from '../api/types';

export function ThreadSide({ answer, owner }: { answer: Pick<ThreadAnswer, 'pets' | 'appointments'>; owner: boolean }) {
  const { pets, appointments } = answer;
  return (
    <aside className="thread-side" aria-label={owner ? 'Your pets and appointments' : "The owner's pets and appointments"}>
      <section className="card">
        <h2>{owner ? 'Your pets' : 'Pets'}</h2>
        {pets.length === 0 ? (
          <p className="muted">{owner ? 'You have not added a pet yet.' : 'The owner has not added a pet.'}</p>
        ) : (
          <ul className="thread-side-list">
            {pets.map((pet) => (
              <li key={pet.id}>
                <strong>{pet.name}</strong>
                {(pet.species || pet.breed) && <span className="muted"> · {[pet.species, pet.breed].filter(Boolean).join(', ')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>Appointments</h2>
        {appointments.length === 0 ? (
          <p className="muted">No appointments with this practice yet.</p>
        ) : (
          <ul className="thread-side-list">
            {appointments.map((a) => (
              <li key={a.id}>
                {a.start ? <strong>{formatDateTime(a.start)}</strong> : <strong>No time yet</strong>}
                <span>
                  {' '}
                  · {a.pet_name} ({a.species})
                </span>
                <br />
                <span className="muted">{APPOINTMENT_STATE_TEXT[a.state] ?? a.state}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
