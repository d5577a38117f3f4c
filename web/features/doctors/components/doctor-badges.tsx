import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';

/** Facts owners filter by; 'accepting new patients' shows when the vet last confirmed it (docs/product.md, Search). */
/** `openNow` adds the 'Open now' / 'Closed now' badge (the clinic's own time zone) where a page shows it. */
export function DoctorBadges({ doctor, openNow }: { doctor: DoctorSummary; openNow?: boolean | null }) {
  return (
    <>
      <ul className="tags" aria-label="Highlights">
        {/* An imported practice its vet has not claimed yet (docs/product.md section 20). */}
        {doctor.claimed === false && <li className="tag tag-unclaimed">Unclaimed</li>}
        {openNow === true && <li className="tag tag-open">Open now</li>}
        {openNow === false && <li className="tag tag-closed">Closed now</li>}
        {doctor.sponsored && <li className="tag tag-sponsored">Sponsored</li>}
        {doctor.emergency && <li className="tag tag-emergency">24/7 emergency</li>}
        {doctor.accepting_new_patients && (
          <li className="tag tag-accepting">
            Accepting new patients{doctor.accepting_confirmed_at ? ` · confirmed ${formatDate(doctor.accepting_confirmed_at)}` : ''}
          </li>
        )}
      </ul>
      {doctor.claimed === false && (
        <p className="claim-offer">
          <Link to={`/claim/${doctor.id}`}>Claim this practice</Link>
        </p>
      )}
    </>
  );
}
