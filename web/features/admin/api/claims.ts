// The Claims queue (docs/product.md section 20): POST /api/admin/claims, /api/admin/claim-decide and
// /api/admin/claim-restore. A decision changes the practice's listing, so its page and the searches follow.
import type { AdminClaimsAnswer, Claim } from '../../../../shared/schemas/import-claim';
import { api } from '../../../lib/api';

export type ClaimListState = 'waiting' | 'code_sent' | 'approved' | 'rejected' | 'expired' | 'restored';

const claimsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminClaims: build.query<AdminClaimsAnswer, { state: ClaimListState; page: number; pageSize: number }>({
      query: (body) => ({ url: '/admin/claims', body }),
      providesTags: ['AdminClaims'],
    }),
    decideClaim: build.mutation<{ claim: Claim }, { claim_id: number; decision: 'approve' | 'reject'; reason: string; doctor_id: number }>({
      query: ({ doctor_id: _doctor, ...body }) => ({ url: '/admin/claim-decide', body, silent: true }),
      invalidatesTags: (_r, error, { doctor_id }) =>
        error ? [] : ['AdminClaims', 'AdminActivity', { type: 'Doctor', id: doctor_id }, { type: 'Doctor', id: 'LIST' }],
    }),
    restoreClaim: build.mutation<{ claim: Claim }, { claim_id: number; doctor_id: number }>({
      query: ({ claim_id }) => ({ url: '/admin/claim-restore', body: { claim_id } }),
      invalidatesTags: (_r, error, { doctor_id }) =>
        error ? [] : ['AdminClaims', 'AdminActivity', { type: 'Doctor', id: doctor_id }, { type: 'Doctor', id: 'LIST' }],
    }),
  }),
});

export const { useAdminClaimsQuery, useDecideClaimMutation, useRestoreClaimMutation } = claimsApi;
