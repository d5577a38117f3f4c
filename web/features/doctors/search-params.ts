// The URL of /searchdoctor is the one source of a search: zip, city, state, count and start mirror
// searchZipCode, searchCity, searchState, searchCount and searchStart (docs/product.md, Client state and flows), so a search
// can be shared, bookmarked and walked back with the browser's Back button.
import { SEARCH_DEFAULTS } from '../../../shared/constants/messages';
import type { SearchState } from './search-slice';

function whole(value: string | null, fallback: number): number {
  const n = Number(value);
  return value !== null && value.trim() !== '' && Number.isInteger(n) ? n : fallback;
}

export function searchFromParams(params: URLSearchParams): SearchState {
  return {
    searchZipCode: params.get('zip') ?? '',
    searchCity: params.get('city') ?? '',
    searchState: params.get('state') ?? '',
    searchCount: whole(params.get('count'), SEARCH_DEFAULTS.searchCount),
    searchStart: whole(params.get('start'), SEARCH_DEFAULTS.searchStart),
  };
}

/** The query string of a search; defaults are left out, so the plain link is /searchdoctor?zip=10001. */
export function searchToParams(search: Partial<SearchState>): URLSearchParams {
  const params = new URLSearchParams();
  if (search.searchZipCode) params.set('zip', search.searchZipCode);
  if (search.searchCity) params.set('city', search.searchCity);
  if (search.searchState) params.set('state', search.searchState);
  if (search.searchCount !== undefined && search.searchCount !== SEARCH_DEFAULTS.searchCount) params.set('count', String(search.searchCount));
  if (search.searchStart) params.set('start', String(search.searchStart));
  return params;
}

export function searchPath(search: Partial<SearchState>): string {
  const params = searchToParams(search);
  return `/searchdoctor${params.size ? `?${params}` : ''}`;
}

export const hasSearchTerms = (search: SearchState) => Boolean(search.searchZipCode || search.searchCity || search.searchState);
