// GET /api/places/zip/:zip: a zip code's city, state and time zone, filled into the wizard (docs/product.md 28.5).
import { api } from '../../../lib/api';

export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  timeZone: string;
}

const zipPlaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    zipPlace: build.query<ZipPlace, string>({
      // Silent: the zip field says in place when the zip code is unknown.
      query: (zip) => ({ url: `/places/zip/${zip}`, method: 'GET', silent: true }),
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useZipPlaceQuery } = zipPlaceApi;
