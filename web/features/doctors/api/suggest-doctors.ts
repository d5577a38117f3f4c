// POST /api/doctors/suggest: what the 'what' box offers while a person types (decisions section 20).
import type { DoctorSuggestAnswer, DoctorSuggestBody } from '../../../../shared/schemas/doctor';
import type { Static } from '@sinclair/typebox';
import { api } from '../../../lib/api';

export type DoctorSuggestion = DoctorSuggestAnswer['data'][number];

const suggestDoctorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    suggestDoctors: build.query<DoctorSuggestAnswer, string>({
      // Silent: a suggestion that does not come is no error for the person; the box still searches.
      query: (q) => ({ url: '/doctors/suggest', body: { q } satisfies Static<typeof DoctorSuggestBody>, silent: true }),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useSuggestDoctorsQuery } = suggestDoctorsApi;
