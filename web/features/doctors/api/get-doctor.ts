// POST /api/doctors/get-by-id: a listed practice's public profile (docs/product.md, Search).
import type { DoctorPage } from '../../../../shared/schemas/doctor';
import { api } from '../../../lib/api';

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
