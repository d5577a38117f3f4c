// The URL of /searchdoctor is the one source of a search: zip, city, state, count and start mirror
// searchZipCode, searchCity, searchState, searchCount and searchStart (docs/product.md, Client state and flows), so a search
// can be shared, bookmarked and walked back with the browser's Back button. The filters are additive short names:
// q (the 'what' box), radius, species and services (comma-separated), emergency=1, open=1, unlisted=1 (with open: the
// practices whose hours are not listed, after the open ones), accepting=1, rating=1..5 (the minimum average),
// sort=distance|name|rating|soonest, within=1|3|7|14 (days to a free time to book) (recommended, the default, is left out), box=north,south,east,west ('Search this area'). Near me is lat and lon, three decimals at most (about 110 m: a shared link does not give
// away a home address; docs/product.md 21.2).
import { SEARCH_DEFAULTS } from '../../../shared/constants/messages';
import { DEFAULT_SEARCH_RADIUS, SEARCH_RADII } from '../../../shared/constants/search';
import type { DoctorSearchBody } from '../../../shared/schemas/doctor';
import { SEARCH_SORTS, type SearchBounds, type SearchSort, type SearchState } from './search-slice';
import { paths } from '../../../shared/routes';

/** The minimum averages the rating filter offers (and the URL accepts). */
export const MIN_RATINGS: readonly number[] = [4, 3, 2];

/** The days the 'Available within' filter offers (and the URL accepts as `within`). */
export const AVAILABLE_WITHIN: readonly number[] = [1, 3, 7, 14];

function whole(value: string | null, fallback: number): number {
  const n = Number(value);
  return value !== null && value.trim() !== '' && Number.isInteger(n) ? n : fallback;
}

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const flag = (value: string | null) => value === '1' || value === 'true';

/** A coordinate rounded to three decimals, or undefined when it is not one (outside -limit..limit). */
export function roundCoordinate(value: number, limit: number): number | undefined {
  return Number.isFinite(value) && Math.abs(value) <= limit ? Math.round(value * 1000) / 1000 || 0 : undefined;
}

function coordinate(value: string | null, limit: number): number | undefined {
  return value === null || value.trim() === '' ? undefined : roundCoordinate(Number(value), limit);
}

/** The 'what' box's limits (decisions section 20): shorter is not sent, longer is cut. */
export const WHAT_MIN = 2;
export const WHAT_MAX = 80;

function what(value: string | null): string {
  return (value ?? '').trim().slice(0, WHAT_MAX);
}

/** A map box of four coordinates, north above south; anything else is no box. */
function box(value: string | null): SearchBounds | undefined {
  const [north, south, east, west] = list(value).map(Number);
  if ([north, south, east, west].some((n) => n === undefined || !Number.isFinite(n))) return undefined;
  const b = { north: north as number, south: south as number, east: east as number, west: west as number };
  return Math.abs(b.north) <= 90 && Math.abs(b.south) <= 90 && b.north > b.south && Math.abs(b.east) <= 180 && Math.abs(b.west) <= 180 ? b : undefined;
}

/** A box rounded to three decimals (about 110 m), the URL's precision. */
export function roundBounds(b: SearchBounds): SearchBounds {
  const r = (n: number, limit: number) => roundCoordinate(n, limit) ?? 0;
  return { north: r(b.north, 90), south: r(b.south, 90), east: r(b.east, 180), west: r(b.west, 180) };
}

export function searchFromParams(params: URLSearchParams): SearchState {
  const radius = whole(params.get('radius'), 0);
  const sort = params.get('sort');
  const minRating = whole(params.get('rating'), 0);
  const within = whole(params.get('within'), 0);
  const latitude = coordinate(params.get('lat'), 90);
  const longitude = coordinate(params.get('lon'), 180);
  const both = latitude !== undefined && longitude !== undefined;
  return {
    // Both or neither, and written even when absent: the search state is assigned over the previous one.
    latitude: both ? latitude : undefined,
    longitude: both ? longitude : undefined,
    searchZipCode: params.get('zip') ?? '',
    searchCity: params.get('city') ?? '',
    searchState: params.get('state') ?? '',
    q: what(params.get('q')),
    bounds: box(params.get('box')),
    searchCount: whole(params.get('count'), SEARCH_DEFAULTS.searchCount),
    searchStart: whole(params.get('start'), SEARCH_DEFAULTS.searchStart),
    radius: (SEARCH_RADII as readonly number[]).includes(radius) ? radius : undefined,
    species: list(params.get('species')),
    services: list(params.get('services')),
    emergency: flag(params.get('emergency')),
    openNow: flag(params.get('open')),
    includeHoursUnknown: flag(params.get('open')) && flag(params.get('unlisted')),
    acceptingNewPatients: flag(params.get('accepting')),
    minRating: MIN_RATINGS.includes(minRating) ? minRating : undefined,
    availableWithin: AVAILABLE_WITHIN.includes(within) ? within : undefined,
    sort: sort !== 'recommended' && (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : undefined,
  };
}

/** The query string of a search; defaults are left out, so the plain link is /searchdoctor?zip=10001. */
export function searchToParams(search: Partial<SearchState>): URLSearchParams {
  const params = new URLSearchParams();
  if (search.latitude !== undefined && search.longitude !== undefined) {
    params.set('lat', String(roundCoordinate(search.latitude, 90)));
    params.set('lon', String(roundCoordinate(search.longitude, 180)));
  }
  if (search.searchZipCode) params.set('zip', search.searchZipCode);
  if (search.searchCity) params.set('city', search.searchCity);
  if (search.searchState) params.set('state', search.searchState);
  if (search.q?.trim()) params.set('q', search.q.trim());
  if (search.bounds) {
    const b = roundBounds(search.bounds);
    params.set('box', [b.north, b.south, b.east, b.west].join(','));
  }
  if (search.radius) params.set('radius', String(search.radius));
  if (search.species?.length) params.set('species', search.species.join(','));
  if (search.services?.length) params.set('services', search.services.join(','));
  if (search.emergency) params.set('emergency', '1');
  if (search.openNow) params.set('open', '1');
  if (search.openNow && search.includeHoursUnknown) params.set('unlisted', '1');
  if (search.acceptingNewPatients) params.set('accepting', '1');
  if (search.minRating) params.set('rating', String(search.minRating));
  if (search.availableWithin) params.set('within', String(search.availableWithin));
  if (search.sort && search.sort !== 'recommended') params.set('sort', search.sort);
  if (search.searchCount !== undefined && search.searchCount !== SEARCH_DEFAULTS.searchCount) params.set('count', String(search.searchCount));
  if (search.searchStart) params.set('start', String(search.searchStart));
  return params;
}

export function searchPath(search: Partial<SearchState>): string {
  const params = searchToParams(search);
  return `${paths.searchDoctor}${params.size ? `?${params}` : ''}`;
}

/** The body of POST /api/doctors/search for a search state; absent filters are left out. */
export function searchBody(search: SearchState): DoctorSearchBody {
  const body: DoctorSearchBody = {
    searchZipCode: search.searchZipCode,
    searchCity: search.searchCity,
    searchState: search.searchState,
    searchCount: search.searchCount,
    searchStart: search.searchStart,
  };
  if (search.q.length >= WHAT_MIN) body.q = search.q;
  if (search.bounds) body.bounds = search.bounds;
  if (isNearMe(search)) {
    body.latitude = search.latitude;
    body.longitude = search.longitude;
  }
  if (search.radius) body.radius = search.radius;
  if (search.species.length) body.species = search.species;
  if (search.services.length) body.services = search.services;
  if (search.emergency) body.emergency = true;
  if (search.openNow) body.open_now = true;
  if (search.openNow && search.includeHoursUnknown) body.include_hours_unknown = true;
  if (search.acceptingNewPatients) body.accepting_new_patients = true;
  if (search.minRating) body.min_rating = search.minRating;
  if (search.availableWithin) body.available_within_days = search.availableWithin;
  if (search.sort && search.sort !== 'recommended') body.sort = search.sort;
  return body;
}

/** Whether the search is near the person's own position ('Use my location'). */
export const isNearMe = (search: Partial<SearchState>): search is SearchState & { latitude: number; longitude: number } =>
  search.latitude !== undefined && search.longitude !== undefined;

export const hasSearchTerms = (search: SearchState) =>
  Boolean(search.searchZipCode || search.searchCity || search.searchState || isNearMe(search) || search.bounds || search.q.length >= WHAT_MIN);

/** Whether distance and radius apply: near a zip code or near me. */
export const searchesByDistance = (search: SearchState) => Boolean(search.searchZipCode) || isNearMe(search);

/** The same search anywhere else: a typed place or 'near me' replaces the map's box. */
export const withoutPlace = (search: SearchState): SearchState => ({
  ...search,
  searchZipCode: '',
  searchCity: '',
  searchState: '',
  latitude: undefined,
  longitude: undefined,
  bounds: undefined,
  searchStart: 0,
});

/** How many filters narrow the search (the count on the phone's 'Filters' button; sort is an order, not a filter). */
export function filtersInUse(search: SearchState): number {
  return (
    search.species.length +
    search.services.length +
    Number(search.emergency) +
    Number(search.openNow) +
    Number(search.acceptingNewPatients) +
    Number(Boolean(search.minRating)) +
    Number(Boolean(search.availableWithin)) +
    Number(Boolean(search.radius) && search.radius !== DEFAULT_SEARCH_RADIUS && searchesByDistance(search))
  );
}
