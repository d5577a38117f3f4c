// Stars for a rating (docs/product.md section 13): five grey stars with the filled part drawn over them, so 4.6 shows
// four and a half. The number beside them is the text people and screen readers read; the stars are an image of it.
import { countOf } from '../../../shared/lib/formats';
import './rating-stars.css';

/** '4.6' for an average, as the profile and the search cards show it (one decimal). */
export const formatAverage = (average: number): string => average.toFixed(1);

export function RatingStars({ value, size = 'small' }: { value: number; size?: 'small' | 'large' }) {
  const filled = Math.max(0, Math.min(5, value)) * 20;
  return (
    <span className={`stars stars-${size}`} role="img" aria-label={`${formatAverage(value)} out of 5 stars`}>
      <span className="stars-empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars-filled" aria-hidden="true" style={{ width: `${filled}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** An average and the number of reviews, or 'No reviews yet' (search cards, the profile's head, the practice's own page). */
export function RatingSummary({ average, count, href }: { average: number | null | undefined; count: number | null | undefined; href?: string }) {
  if (!count || average === null || average === undefined) return <p className="rating-line rating-none">No reviews yet</p>;
  const text = countOf(count, 'review');
  return (
    <p className="rating-line">
      <RatingStars value={average} />
      <strong className="rating-average">{formatAverage(average)}</strong>
      {href ? <a href={href}>({text})</a> : <span className="muted">({text})</span>}
    </p>
  );
}

/** What search cards and public profiles carry (docs/product.md section 13). */
export interface Rated {
  rating_average?: number | null;
  rating_count?: number | null;
}

/** A practice's rating from its search card or profile. */
export function DoctorRating({ doctor, href }: { doctor: Rated; href?: string }) {
  return <RatingSummary average={doctor.rating_average} count={doctor.rating_count} href={href} />;
}

/** The same as one line of text, for the map's pop-ups. */
export function ratingText({ rating_average: average, rating_count: count }: Rated): string {
  if (!count || average === null || average === undefined) return 'No reviews yet';
  return `★ ${formatAverage(average)} (${countOf(count, 'review')})`;
}
