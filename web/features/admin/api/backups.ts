// The Administration page's backups (docs/product.md 29.2): POST /api/admin/backups (the kept files),
// /api/admin/backups/create ('Back up now') and /api/admin/backups/link (a two-minute download link).
import type { BackupCreateAnswer, BackupLinkAnswer, BackupLinkBody, BackupListAnswer } from '../../../../shared/schemas/backup';
import { api } from '../../../lib/api';

const backupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    backups: build.query<BackupListAnswer, void>({
      query: () => ({ url: '/admin/backups', body: {} }),
    }),
    createBackup: build.mutation<BackupCreateAnswer, void>({
      // Silent: the tab says what went wrong beside the button.
      query: () => ({ url: '/admin/backups/create', body: {}, silent: true }),
      // The backup is audited: the Activity tab shows it.
      invalidatesTags: ['AdminActivity'],
    }),
    backupLink: build.mutation<BackupLinkAnswer, BackupLinkBody>({
      query: (body) => ({ url: '/admin/backups/link', body, silent: true }),
      invalidatesTags: ['AdminActivity'],
    }),
  }),
});

export const { useBackupsQuery, useCreateBackupMutation, useBackupLinkMutation } = backupsApi;
