// POST /api/doctors/get-by-id: a listed practice's public profile (docs/product.md, Search).
import type { DoctorPage } from '../../../../shared/schemas/doctor';
import { api } from '../../../lib/api';
import { recordId, type Dispatch, type FirstScreen } from '../../../lib/first-screen';

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

/** Puts the profile the page embedded into the cache as the answer for the route's :id (only the whole get-by-id answer, with contact_form). */
export function seedDoctor(dispatch: Dispatch, screen: FirstScreen | undefined) {
  const doctor = screen?.data.doctor;
  if (doctor && typeof doctor.contact_form === 'boolean')
    dispatch(getDoctorApi.util.upsertQueryEntries([{ endpointName: 'getDoctor', arg: recordId(screen), value: doctor }]));
}
