import type { DoctorProfile, DoctorSearchBody, DoctorSummary } from '../../../../shared/schemas/doctor';
import { api } from '../../../lib/api-client';

export const doctorsApi = {
  // Silent: the search page explains a refusal in place, next to the form.
  search: (body: DoctorSearchBody) => api.post<{ data: DoctorSummary[]; totalCount: number }>('/doctors/search', body, { silent: true }),
  getById: (id: string) => api.post<DoctorProfile>('/doctors/get-by-id', { id }, { silent: true }),
};

export type { DoctorProfile, DoctorSummary };
