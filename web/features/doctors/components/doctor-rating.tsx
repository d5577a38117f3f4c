// A practice's rating where owners decide (docs/product.md section 13): stars with the average and the number of
// reviews, or 'No reviews yet', on search cards and the profile's head.
import { RatingSummary } from '../../../components/ui/rating-stars';

export interface Rated {
  rating_average?: number | null;
  rating_count?: number | null;
}

export function DoctorRating({ doctor, href }: { doctor: Rated; href?: string }) {
  return <RatingSummary average={doctor.rating_average} count={doctor.rating_count} href={href} />;
}

/** The same as one line of text, for the map's pop-ups. */
export function ratingText({ rating_average: average, rating_count: count }: Rated): string {
  if (!count || average === null || average === undefined) return 'No reviews yet';
  return `★ ${average.toFixed(1)} (${count.toLocaleString('en-US')} review${count === 1 ? '' : 's'})`;
}
