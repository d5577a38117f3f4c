// The moves of an appointment (docs/product.md 19.2): the owner accepts a proposed time or cancels
// (/api/appointments/accept, /cancel); the practice confirms, proposes or declines
// (/api/user/appointments/respond) and marks the visit (/complete). Each refreshes both sides' lists.
import type { AppointmentWriteAnswer, CompleteAppointmentInput, RespondAppointmentInput } from '../../../../shared/schemas/appointment';
import { api } from '../../../lib/api';

const moveAppointmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptAppointment: build.mutation<AppointmentWriteAnswer, { id: number }>({
      query: (body) => ({ url: '/appointments/accept', body, silent: true }),
      invalidatesTags: ['Appointments'],
    }),
    cancelAppointment: build.mutation<AppointmentWriteAnswer, { id: number; reason?: string }>({
      query: (body) => ({ url: '/appointments/cancel', body, silent: true }),
      invalidatesTags: ['Appointments'],
    }),
    respondAppointment: build.mutation<AppointmentWriteAnswer, RespondAppointmentInput>({
      query: (body) => ({ url: '/user/appointments/respond', body, silent: true }),
      invalidatesTags: ['Appointments'],
    }),
    completeAppointment: build.mutation<AppointmentWriteAnswer, CompleteAppointmentInput>({
      query: (body) => ({ url: '/user/appointments/complete', body, silent: true }),
      invalidatesTags: ['Appointments'],
    }),
  }),
});

export const { useAcceptAppointmentMutation, useCancelAppointmentMutation, useRespondAppointmentMutation, useCompleteAppointmentMutation } = moveAppointmentApi;
