// The recommended order (docs/product.md section 33; docs/decisions/225-recommended-score.md): one
// score per vet and search, higher first. Its static part (rating, reviews, profile, claim, response
// time) is worked out once per vet when the index stores it; a search adds only the distance part.
// A plan is not an input: pay never changes the organic score (Sponsored places keep their own slots).

/** Reviews the site-wide mean counts as: a vet's own reviews outweigh it from about this many on. */
export const PRIOR_REVIEWS = 10;
/** The mean used before any review is published (a site with no reviews yet). */
export const DEFAULT_PRIOR_MEAN = 4;
/** Reviews at which the review-count part is full (it grows with the logarithm up to here). */
const FULL_COUNT = 100;
/** Miles at which the distance part has fallen to about a third (e^-1). */
export const DISTANCE_MILES = 10;

/** The weights; they add up to 1, so a score lies in [0, 1]. */
export const WEIGHTS = {
  rating: 0.4,
  reviews: 0.1,
  profile: 0.1,
  claimed: 0.05,
  response: 0.05,
  distance: 0.3,
} as const;

/** What the static part is worked out from (a doctor_search row and the index's extra columns). */
export interface ScoreInputs {
  ratingCount: number;
  ratingSum: number;
  /** Weekly or special hours listed. */
  hasHours: boolean;
  /** An avatar or a practice photo. */
  hasPhotos: boolean;
  /** At least one service listed. */
  hasServices: boolean;
  claimed: boolean;
  /** Median hours to answer an appointment request, or null before there is one. */
  responseHours: number | null;
}

/**
 * The Bayesian average: the vet's stars and PRIOR_REVIEWS reviews at the site-wide mean, averaged. One
 * five-star review at a mean of 4.3 gives 4.36; 80 reviews at 4.8 give 4.74.
 */
export function shrunkRating(ratingSum: number, ratingCount: number, priorMean: number): number {
  return (PRIOR_REVIEWS * priorMean + ratingSum) / (PRIOR_REVIEWS + ratingCount);
}

/** The part that does not depend on where the person searches, in [0, 1 - WEIGHTS.distance]. */
export function staticScore(v: ScoreInputs, priorMean: number): number {
  const rating = (shrunkRating(v.ratingSum, v.ratingCount, priorMean) - 1) / 4;
  const reviews = Math.min(1, Math.log1p(v.ratingCount) / Math.log1p(FULL_COUNT));
  const profile = (Number(v.hasHours) + Number(v.hasPhotos) + Number(v.hasServices)) / 3;
  // An answer within a day counts fully; slower answers count less; no figure yet counts nothing.
  const response = v.responseHours === null ? 0 : Math.min(1, 24 / Math.max(24, v.responseHours));
  return (
    WEIGHTS.rating * Math.max(0, Math.min(1, rating)) +
    WEIGHTS.reviews * reviews +
    WEIGHTS.profile * profile +
    WEIGHTS.claimed * Number(v.claimed) +
    WEIGHTS.response * response
  );
}

/** The distance part for a chord (or great-circle miles: they agree within a tenth of a mile up to 100 miles). */
export function distanceScore(miles: number): number {
  return WEIGHTS.distance * Math.exp(-miles / DISTANCE_MILES);
}

/** The whole score of a vet at `miles` from the searched point (null without a point: a state search). */
export function recommendedScore(v: ScoreInputs, priorMean: number, miles: number | null): number {
  return staticScore(v, priorMean) + (miles === null ? 0 : distanceScore(miles));
}
