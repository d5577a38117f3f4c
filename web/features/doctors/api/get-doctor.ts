// POST /api/doctors/get-by-id: a listed practice's public profile (docs/product.md, Search).
import type { DoctorPage } from '../../../../shared/schemas/doctor';
import { api } from '../../../lib/api';
import { currentPathId, takeInitialData } from '../../../lib/initial-data';

const getDoctorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDoctor: build.query<DoctorPage, string>({
      // Silent: the profile page explains a refusal in place.
      query: (id) => ({ url: '/doctors/get-by-id', body: { id }, silent: true }),
      providesTags: (_result, _error, id) => [{ type: 'Doctor', id: Number(id) || id }],
    }),
  }),
});

export const { useGetDoctorQuery } = getDoctorApi;

/** Puts a profile the server sent into the cache as the answer for `id` (the route's :id), so the page renders it at once. */
export function seedDoctor(dispatch: (action: unknown) => unknown, id: string, doctor: DoctorPage) {
  dispatch(getDoctorApi.util.upsertQueryEntries([{ endpointName: 'getDoctor', arg: id, value: doctor }]));
}

/**
 * Seeds the cache with the profile the server embedded in the page (web/lib/initial-data.ts), only when it is the
 * whole get-by-id answer (with contact_form); a shorter embedded profile is left and the page asks.
 */
export function seedDoctorFromPage(dispatch: (action: unknown) => unknown) {
  const doctor = takeInitialData()?.doctor as Partial<DoctorPage> | undefined;
  if (doctor && typeof doctor.contact_form === 'boolean') seedDoctor(dispatch, currentPathId(), doctor as DoctorPage);
}
