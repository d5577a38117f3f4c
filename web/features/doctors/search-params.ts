// The URL of /searchdoctor is the one source of a search: zip, city, state, count and start mirror
// searchZipCode, searchCity, searchState, searchCount and searchStart (docs/product.md, Client state and flows), so a search
// can be shared, bookmarked and walked back with the browser's Back button. The filters are additive short names:
// radius, species and services (comma-separated), emergency=1, open=1, accepting=1, rating=1..5 (the minimum average),
// sort=distance|name|rating. Near me is lat and lon, three decimals at most (about 110 m: a shared link does not give
// away a home address; docs/product.md 21.2).
import { SEARCH_DEFAULTS } from '../../../shared/constants/messages';
import { DEFAULT_SEARCH_RADIUS, SEARCH_RADII } from '../../../shared/constants/search';
import type { DoctorSearchBody } from '../../../shared/schemas/doctor';
import type { SearchSort, SearchState } from './search-slice';

/** The minimum averages the rating filter offers (and the URL accepts). */
export const MIN_RATINGS: readonly number[] = [4, 3, 2];

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

export function searchFromParams(params: URLSearchParams): SearchState {
  const radius = whole(params.get('radius'), 0);
  const sort = params.get('sort');
  const minRating = whole(params.get('rating'), 0);
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
    searchCount: whole(params.get('count'), SEARCH_DEFAULTS.searchCount),
    searchStart: whole(params.get('start'), SEARCH_DEFAULTS.searchStart),
    radius: (SEARCH_RADII as readonly number[]).includes(radius) ? radius : undefined,
    species: list(params.get('species')),
    services: list(params.get('services')),
    emergency: flag(params.get('emergency')),
    openNow: flag(params.get('open')),
    acceptingNewPatients: flag(params.get('accepting')),
    minRating: MIN_RATINGS.includes(minRating) ? minRating : undefined,
    sort: sort === 'distance' || sort === 'name' || sort === 'rating' ? (sort as SearchSort) : undefined,
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
  if (search.radius) params.set('radius', String(search.radius));
  if (search.species?.length) params.set('species', search.species.join(','));
  if (search.services?.length) params.set('services', search.services.join(','));
  if (search.emergency) params.set('emergency', '1');
  if (search.openNow) params.set('open', '1');
  if (search.acceptingNewPatients) params.set('accepting', '1');
  if (search.minRating) params.set('rating', String(search.minRating));
  if (search.sort) params.set('sort', search.sort);
  if (search.searchCount !== undefined && search.searchCount !== SEARCH_DEFAULTS.searchCount) params.set('count', String(search.searchCount));
  if (search.searchStart) params.set('start', String(search.searchStart));
  return params;
}

export function searchPath(search: Partial<SearchState>): string {
  const params = searchToParams(search);
  return `/searchdoctor${params.size ? `?${params}` : ''}`;
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
  if (isNearMe(search)) {
    body.latitude = search.latitude;
    body.longitude = search.longitude;
  }
  if (search.radius) body.radius = search.radius;
  if (search.species.length) body.species = search.species;
  if (search.services.length) body.services = search.services;
  if (search.emergency) body.emergency = true;
  if (search.openNow) body.open_now = true;
  if (search.acceptingNewPatients) body.accepting_new_patients = true;
  if (search.minRating) body.min_rating = search.minRating;
  if (search.sort) body.sort = search.sort;
  return body;
}

/** Whether the search is near the person's own position ('Use my location'). */
export const isNearMe = (search: Partial<SearchState>): search is SearchState & { latitude: number; longitude: number } =>
  search.latitude !== undefined && search.longitude !== undefined;

export const hasSearchTerms = (search: SearchState) => Boolean(search.searchZipCode || search.searchCity || search.searchState || isNearMe(search));

/** Whether distance and radius apply: near a zip code or near me. */
export const searchesByDistance = (search: SearchState) => Boolean(search.searchZipCode) || isNearMe(search);

/** How many filters narrow the search (the count on the phone's 'Filters' button; sort is an order, not a filter). */
export function filtersInUse(search: SearchState): number {
  return (
    search.species.length +
    search.services.length +
    Number(search.emergency) +
    Number(search.openNow) +
    Number(search.acceptingNewPatients) +
    Number(Boolean(search.minRating)) +
    Number(Boolean(search.radius) && search.radius !== DEFAULT_SEARCH_RADIUS && searchesByDistance(search))
  );
}
