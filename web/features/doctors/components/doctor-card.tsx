// A search result's card; /myvets shows the same cards (docs/product.md section 21). Cards are for owners: the vet's
// 'Claim it' lives on the unclaimed profile (docs/product.md section 20). A long clinic name keeps to two lines beside
// the distance and the heart, its whole name in the title.
import { forwardRef } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../../shared/routes';
import type { DoctorSummary } from '../../../../shared/schemas/doctor';
import { addressLine } from '../../../../shared/lib/address';
import { responseTimeText } from '../../../../shared/lib/appointment-rules';
import { DoctorRating } from '../../../components/ui/rating-stars';
import { DoctorBadges } from './doctor-badges';
import { NextAvailable } from '../../booking';
import { FavoriteButton } from './favorite-button';
import '../doctors.css';

export interface DoctorCardProps {
  doctor: DoctorSummary;
  active?: boolean;
  onActivate?: (id: number | null) => void;
}

export const DoctorCard = forwardRef<HTMLElement, DoctorCardProps>(function DoctorCard({ doctor, active = false, onActivate }, ref) {
  const title = doctor.clinic_name ?? doctor.name;
  return (
    <article
      ref={ref}
      className={`card doctor-card${doctor.sponsored ? ' sponsored' : ''}${active ? ' active' : ''}`}
      data-doctor-id={doctor.id}
      onMouseEnter={() => onActivate?.(doctor.id)}
      onMouseLeave={() => onActivate?.(null)}
      onFocus={() => onActivate?.(doctor.id)}
      onBlur={() => onActivate?.(null)}
    >
      <div className="doctor-card-head">
        {doctor.avatar ? (
          <img className="avatar avatar-large" src={doctor.avatar} alt="" width={56} height={56} loading="lazy" />
        ) : (
          <span className="avatar avatar-large" aria-hidden="true">
            {title.replace(/^Dr\.\s*/, '').slice(0, 1)}
          </span>
        )}
        <div>
          <h2 className="doctor-clinic" title={title}>
            {title}
          </h2>
          <p className="muted doctor-name">{doctor.name}</p>
          <DoctorRating doctor={doctor} />
          {doctor.response_time_hours !== null && <p className="muted response-time">{responseTimeText(doctor.response_time_hours)}</p>}
        </div>
        {doctor.distance !== null && <span className="distance">{doctor.distance.toFixed(1)} mi</span>}
        <FavoriteButton doctorId={doctor.id} name={title} />
      </div>
      <p className="doctor-address">{addressLine(doctor)}</p>
      <DoctorBadges doctor={doctor} openNow={doctor.open_now} />
      <NextAvailable at={doctor.next_available} timeZone={doctor.time_zone} />
      {doctor.species.length > 0 && <p className="muted">Treats: {doctor.species.join(', ')}</p>}
      <div className="actions">
        <Link className="button button-primary" to={routePath('doctorProfile', { id: doctor.id })} aria-label={`View profile of ${title}`}>
          View profile
        </Link>
        {doctor.contact_phone && (
          <a className="button" href={`tel:${doctor.contact_phone.replace(/[^\d+]/g, '')}`}>
            Call {doctor.contact_phone}
          </a>
        )}
      </div>
    </article>
  );
});
