// POST /api/doctors/search with the search state as its body (docs/product.md, Search).
import type { DoctorSearchAnswer, DoctorSearchBody } from '../../../../shared/schemas/doctor';
import { api } from '../../../lib/api';

export type DoctorSearchResult = DoctorSearchAnswer;

const searchDoctorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchDoctors: build.query<DoctorSearchResult, DoctorSearchBody>({
      // Silent: the search page explains a refusal in place, next to the form.
      query: (body) => ({ url: '/doctors/search', body, silent: true }),
      providesTags: (result) => [{ type: 'Doctor', id: 'LIST' }, ...(result?.data ?? []).map((doctor) => ({ type: 'Doctor' as const, id: doctor.id }))],
    }),
  }),
});

export const { useSearchDoctorsQuery } = searchDoctorsApi;
