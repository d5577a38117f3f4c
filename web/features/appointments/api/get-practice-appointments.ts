// POST /api/user/appointments: the practice's requests, waiting ones first, with the count of those
// waiting for its answer (the menu shows it; docs/product.md 19.2).
import type { PracticeAppointmentsAnswer, PracticeAppointmentsInput } from '../../../../shared/schemas/appointment';
import { api } from '../../../lib/api';

const practiceAppointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    practiceAppointments: build.query<PracticeAppointmentsAnswer, PracticeAppointmentsInput>({
      query: (body) => ({ url: '/user/appointments', body, silent: true }),
      providesTags: ['Appointments'],
    }),
  }),
});

export const { usePracticeAppointmentsQuery } = practiceAppointmentsApi;
