// POST /api/admin/audit-log: a page of the activity log (docs/product.md, Administration).
import type { AuditLogAnswer, AuditLogBody } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

export type ActivityQuery = Partial<AuditLogBody> & { page: number; pageSize: number };

const getAuditLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditLogAnswer, ActivityQuery>({
      query: (body) => ({ url: '/admin/audit-log', body }),
      providesTags: ['AdminActivity'],
    }),
  }),
});

export const { useAuditLogQuery } = getAuditLogApi;
