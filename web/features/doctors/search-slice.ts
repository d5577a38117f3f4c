// Search state of docs/product.md, Client state and flows. The URL of /searchdoctor is the one source of a search
// (./search-params.ts); this state follows it, so the spec's state names stay true. The filters, radius and sort
// (docs/product.md, Search) are additive fields next to the spec's five.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SEARCH_DEFAULTS } from '../../../shared/constants/messages';

/** The orders the page offers; 'recommended' is the server's default (docs/product.md, Search), so the URL leaves it out. */
export const SEARCH_SORTS = ['recommended', 'distance', 'rating', 'name', 'soonest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The map's visible box ('Search this area'), searched instead of a place. */
export interface SearchBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface SearchState {
  searchZipCode: string;
  searchCity: string;
  searchState: string;
  /** The 'what' box: a clinic's name, a service or a species word (2-80 characters), alone or with a place. */
  q: string;
  /** 'Search this area': the map's box instead of a place. */
  bounds?: SearchBounds;
  /** Near me (docs/product.md 21.2): a position rounded to three decimals, searched instead of a place. */
  latitude?: number;
  longitude?: number;
  searchCount: number;
  searchStart: number;
  /** Miles around the zip code; undefined means the server's default (25). */
  radius?: number;
  species: string[];
  services: string[];
  emergency: boolean;
  openNow: boolean;
  /** With openNow: practices whose hours are not listed follow the open ones ('Hours not listed: call to check'). */
  includeHoursUnknown: boolean;
  acceptingNewPatients: boolean;
  /** Only practices whose average is at least this many stars (1-5; docs/product.md section 13). */
  minRating?: number;
  /** Only practices with a free time to book within this many days (decisions.md section 18). */
  availableWithin?: number;
  sort?: SearchSort;
}

export const initialSearchState: SearchState = {
  searchZipCode: '',
  searchCity: '',
  searchState: '',
  q: '',
  ...SEARCH_DEFAULTS,
  species: [],
  services: [],
  emergency: false,
  openNow: false,
  includeHoursUnknown: false,
  acceptingNewPatients: false,
};

const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    searchDoctor(state, action: PayloadAction<Partial<SearchState>>) {
      Object.assign(state, action.payload);
    },
  },
});

export const { searchDoctor } = searchSlice.actions;
export const searchReducer = searchSlice.reducer;
