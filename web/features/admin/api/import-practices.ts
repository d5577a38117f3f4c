// POST /api/admin/import (a CSV file and dry_run; answers { id } at once), /api/admin/import-status and
// /api/admin/imports (docs/product.md section 20). The status is polled while the import runs.
import type { ImportStatus } from '../../../../shared/schemas/import-claim';
import { api } from '../../../lib/api';

const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    startImport: build.mutation<{ id: number }, { file: File; dryRun: boolean }>({
      query: ({ file, dryRun }) => {
        const form = new FormData();
        form.append('dry_run', String(dryRun));
        form.append('file_name', file.name);
        form.append('file', file);
        // Silent: the tab shows the refusal next to the file.
        return { url: '/admin/import', body: form, silent: true };
      },
      invalidatesTags: ['AdminImport'],
    }),
    importStatus: build.query<ImportStatus, number>({
      query: (id) => ({ url: '/admin/import-status', body: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminImport', id }],
    }),
    recentImports: build.query<{ data: ImportStatus[] }, void>({
      query: () => ({ url: '/admin/imports', body: {} }),
      providesTags: ['AdminImport'],
    }),
  }),
});

export const { useStartImportMutation, useImportStatusQuery, useRecentImportsQuery } = importApi;
