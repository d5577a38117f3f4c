// Search state of docs/product.md, Client state and flows. The URL of /searchdoctor is the one source of a search
// (./search-params.ts); this state follows it, so the spec's state names stay true.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SEARCH_DEFAULTS } from '../../../shared/constants/messages';

export interface SearchState {
  searchZipCode: string;
  searchCity: string;
  searchState: string;
  searchCount: number;
  searchStart: number;
}

export const initialSearchState: SearchState = { searchZipCode: '', searchCity: '', searchState: '', ...SEARCH_DEFAULTS };

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
