// POST /api/appointments/mine: the owner's own requests with their state (docs/product.md 19.3).
import type { MyAppointmentsAnswer } from '../../../../shared/schemas/appointment';
import { api } from '../../../lib/api';

const myAppointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myAppointments: build.query<MyAppointmentsAnswer, { page: number; pageSize: number }>({
      query: (body) => ({ url: '/appointments/mine', body, silent: true }),
      providesTags: ['Appointments'],
    }),
  }),
});

export const { useMyAppointmentsQuery } = myAppointmentsApi;
