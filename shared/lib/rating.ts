// A vet's rating as cards, profiles and search show it (docs/product.md 7.6): the average of its
// published reviews rounded to one decimal (half up, as PostgreSQL's round() does), null without
// reviews. Worked out in whole numbers, so a search's order and its filter agree with what is shown.

/** The average in tenths of a star (10..50), or 0 without reviews: round(10 × sum / count). */
export function ratingTenths(sum: number, count: number): number {
  return count > 0 ? Math.floor((sum * 20 + count) / (2 * count)) : 0;
}

/** The average shown: one decimal, null without reviews. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? ratingTenths(sum, count) / 10 : null;
}
