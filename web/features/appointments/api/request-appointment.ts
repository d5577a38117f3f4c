// POST /api/appointments/request: the owner asks a practice for an appointment (docs/product.md 19.1).
import type { AppointmentWriteAnswer, RequestAppointmentInput } from '../../../../shared/schemas/appointment';
import { api } from '../../../lib/api';

const requestAppointmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestAppointment: build.mutation<AppointmentWriteAnswer, RequestAppointmentInput>({
      // Silent: the form shows the refusal next to its fields and keeps the input.
      query: (body) => ({ url: '/appointments/request', body, silent: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Appointments']),
    }),
  }),
});

export const { useRequestAppointmentMutation } = requestAppointmentApi;
