// Search state (docs/product.md, Client state and flows); the search page fills and reads it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SEARCH_DEFAULTS } from '../../../shared/constants/messages';

export interface SearchState {
  searchZipCode: string;
  searchCity: string;
  searchState: string;
  searchCount: number;
  searchStart: number;
}

const initialState: SearchState = { searchZipCode: '', searchCity: '', searchState: '', ...SEARCH_DEFAULTS };

const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    searchDoctor(state, action: PayloadAction<Partial<SearchState>>) {
      Object.assign(state, action.payload);
    },
  },
});

export const { searchDoctor } = searchSlice.actions;
export const searchReducer = searchSlice.reducer;
