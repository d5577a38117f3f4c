// Search state of docs/product.md, Client state and flows. The URL of /searchdoctor is the one source of a search
// (./search-params.ts); this state follows it, so the spec's state names stay true. The filters, radius and sort
// (docs/product.md, Search) are additive fields next to the spec's five.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SEARCH_DEFAULTS } from '../../../shared/constants/messages';

export type SearchSort = 'distance' | 'name' | 'rating';

export interface SearchState {
  searchZipCode: string;
  searchCity: string;
  searchState: string;
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
  acceptingNewPatients: boolean;
  /** Only practices whose average is at least this many stars (1-5; docs/product.md section 13). */
  minRating?: number;
  sort?: SearchSort;
}

export const initialSearchState: SearchState = {
  searchZipCode: '',
  searchCity: '',
  searchState: '',
  ...SEARCH_DEFAULTS,
  species: [],
  services: [],
  emergency: false,
  openNow: false,
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
