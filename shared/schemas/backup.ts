// Backups in the Administration area (docs/product.md 29.2; decision 180): the kept backup files, 'Back up now',
// and a short-lived link the browser follows to download one with the administrator's own session.
// GET /api/admin/backup (a fresh copy, Authorization header) stays as docs/product.md 23.1 has it.
import { Type, type Static } from '@sinclair/typebox';

const strict = { additionalProperties: false } as const;

/** A kept backup file's name: `animal-doctor-backup-<UTC time>[-manual].tar.gz`. */
export const BACKUP_FILE_PATTERN = '^animal-doctor-backup-\\d{8}T\\d{6}Z(-manual)?\\.tar\\.gz$';

export const BackupFileSchema = Type.Object({
  name: Type.String(),
  /** When it was taken, ISO 8601 UTC. */
  created_at: Type.String(),
  /** Bytes. */
  size: Type.Integer({ minimum: 0 }),
  /** 'scheduled' (every BACKUP_EVERY_HOURS) or 'manual' ('Back up now'). */
  kind: Type.Union([Type.Literal('scheduled'), Type.Literal('manual')]),
});
export type BackupFile = Static<typeof BackupFileSchema>;

export const BackupListAnswer = Type.Object({
  data: Type.Array(BackupFileSchema),
  /** False on PostgreSQL, where the database server's own tools make backups; `message` says so. */
  available: Type.Boolean(),
  message: Type.Union([Type.String(), Type.Null()]),
  /** BACKUP_EVERY_HOURS (0: no scheduled backups) and BACKUP_KEEP (files kept of each kind). */
  every_hours: Type.Integer({ minimum: 0 }),
  keep: Type.Integer({ minimum: 1 }),
});
export type BackupListAnswer = Static<typeof BackupListAnswer>;

export const BackupCreateAnswer = Type.Object({ backup: BackupFileSchema });
export type BackupCreateAnswer = Static<typeof BackupCreateAnswer>;

export const BackupLinkBody = Type.Object({ name: Type.String({ pattern: BACKUP_FILE_PATTERN, maxLength: 80, title: 'name' }) }, strict);
export type BackupLinkBody = Static<typeof BackupLinkBody>;
export const BackupLinkAnswer = Type.Object({ url: Type.String(), expires_in: Type.Integer() });
export type BackupLinkAnswer = Static<typeof BackupLinkAnswer>;
