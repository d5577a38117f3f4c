// Claiming an imported practice (docs/product.md section 20): the practice as the public sees it (get-by-id),
// POST /api/doctors/claim (JSON for a code by e-mail, a form with the document) and /api/doctors/claim-verify.
import type { DoctorPage } from '../../../../shared/schemas/doctor';
import { api } from '../../../lib/api';

export interface ClaimFields {
  doctor_id: number;
  method: 'email' | 'document';
  email?: string;
  license_number: string;
  license_state: string;
  document?: File;
}

const claimApi = api.injectEndpoints({
  endpoints: (build) => ({
    claimTarget: build.query<DoctorPage, number>({
      query: (id) => ({ url: '/doctors/get-by-id', body: { id }, silent: true }),
      providesTags: (_result, _error, id) => [{ type: 'Doctor', id }],
    }),
    claimPractice: build.mutation<{ message: string; claim_id: number; state: string; email?: string }, ClaimFields>({
      query: ({ document, ...fields }) => {
        if (fields.method === 'email') return { url: '/doctors/claim', body: fields, silent: true };
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) if (value !== undefined && name !== 'email') form.append(name, String(value));
        if (document) form.append('document', document);
        return { url: '/doctors/claim', body: form, silent: true };
      },
    }),
    verifyClaim: build.mutation<{ message: string; doctor_id: number; token: string }, { doctor_id: number; code: string }>({
      query: (body) => ({ url: '/doctors/claim-verify', body, silent: true }),
      invalidatesTags: (_r, error, { doctor_id }) =>
        error
          ? []
          : [
              { type: 'Doctor', id: doctor_id },
              { type: 'Doctor', id: 'LIST' },
            ],
    }),
  }),
});

export const { useClaimTargetQuery, useClaimPracticeMutation, useVerifyClaimMutation } = claimApi;
