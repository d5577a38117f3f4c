// POST /api/doctors/contact (the contact form) and /api/doctors/event (clicks counted for profile
// statistics), docs/product.md, Plans and payment.
import type { ProfileEventKind } from '../../../../shared/constants/services';
import { api } from '../../../lib/api';
import { apiRequest } from '../../../lib/api-client';

export interface ContactInput {
  id: number;
  name: string;
  email: string;
  phone: string;
  species: string;
  message: string;
  /** The honeypot: people never see it, so it stays empty. */
  website: string;
}

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactDoctor: build.mutation<{ message: string }, ContactInput>({
      // Silent: the form shows the refusal next to its fields.
      query: (body) => ({ url: '/doctors/contact', body, silent: true }),
    }),
  }),
});

export const { useContactDoctorMutation } = contactApi;

/** Counts a click without waiting for it or showing a failure: statistics never get in the way. */
export function recordProfileEvent(id: number, kind: ProfileEventKind): void {
  apiRequest('/doctors/event', { id, kind }, { silent: true }).catch(() => undefined);
}
