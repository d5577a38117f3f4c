import { formatDate, openStatusText } from '../../../../shared/lib/formats';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import '../doctors.css';

/** Facts owners filter by; 'accepting new patients' shows when the vet last confirmed it (docs/product.md, Search). */
/** `openNow` adds the 'Open now' / 'Closed now' ('Closed today' when no opening is left that day) badge (the clinic's own time zone) where a page shows it. */
export function DoctorBadges({ doctor, openNow }: { doctor: DoctorSummary; openNow?: boolean | null }) {
  return (
    <ul className="tags" aria-label="Highlights">
      {/* An imported practice its vet has not claimed yet (docs/product.md section 20). */}
      {doctor.claimed === false && <li className="tag tag-unclaimed">Unclaimed</li>}
      {openNow === true && <li className="tag tag-open">Open now</li>}
      {openNow === false && <li className="tag tag-closed">{openStatusText(false, doctor.closed_today === true)}</li>}
      {doctor.sponsored && <li className="tag tag-sponsored">Sponsored</li>}
      {doctor.emergency && <li className="tag tag-emergency">24/7 emergency</li>}
      {doctor.accepting_new_patients && (
        <li className="tag tag-accepting">
          Accepting new patients{doctor.accepting_confirmed_at ? ` · confirmed ${formatDate(doctor.accepting_confirmed_at)}` : ''}
        </li>
      )}
    </ul>
  );
}
