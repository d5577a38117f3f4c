// Numbers of the doctor search (docs/product.md, Search), free of schema code so the first page can use them.
/** Radii the search page offers, in miles; the API takes any whole number of miles up to SEARCH_RADIUS_MAX. */
export const SEARCH_RADII = [5, 10, 25, 50, 100] as const;
export const SEARCH_RADIUS_MAX = 100;
/** The most results one search answers: the largest of the page sizes 10, 20, 50 and 100. */
export const SEARCH_PAGE_MAX = 100;
export const DEFAULT_SEARCH_RADIUS = 25;
/** Counting stops here: an answer says "1,000+" instead of reading every vet in range. */
export const SEARCH_COUNT_CAP = 1000;
/** Stars a review gives, and so the range of a search's `min_rating` (docs/product.md 7.6). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
