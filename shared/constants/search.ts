// Numbers of the doctor search (docs/product.md, Search), free of schema code so the first page can use them.
/** Radii a search may use, in miles. */
export const SEARCH_RADII = [5, 10, 25, 50, 100] as const;
export const DEFAULT_SEARCH_RADIUS = 25;
/** Counting stops here: an answer says "1,000+" instead of reading every vet in range. */
export const SEARCH_COUNT_CAP = 1000;
