// Backups of the embedded database (docs/product.md 23.1, docs/decisions/118-backups-copy-the-data-folder.md):
// `fastify.backups.download(actor)` for GET /api/admin/backup and the scheduled copies in DATA_DIR/backups
// every BACKUP_EVERY_HOURS, keeping BACKUP_KEEP; the Administration page's list, 'Back up now' and download links
// (docs/product.md 29.2, decision 180). One backup at a time per server: a second one waits for
// nothing and is refused. On PostgreSQL the database server's own tools (pg_dump, PITR) do this job.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { backupStream, writeBackupFile, type BackupManifest } from '../../../db/backup-archive';
import { PgliteWorkerClient } from '../../../db/pglite-worker';
import { domainError } from '../../../lib/domain-error';
import { writeAudit, type Actor } from '../audit/audit-log';
import { rowsOf } from '../../../lib/sql-rows';
import { users } from '../../../db/schema';
import { AUTH_MESSAGES, DOWNLOAD_TTL_SECONDS, isAdmin, TokenError } from '../auth/index';
import { type BackupFile, type BackupLinkAnswer, type BackupListAnswer } from '../../../../shared/schemas/backup';

export const BACKUP_MESSAGES = {
  postgres:
    'This server runs on PostgreSQL (DATABASE_URL), whose backups are made with pg_dump or point-in-time recovery on the database server: see docs/operations.md, "Restoring from a backup".',
  busy: 'A backup is being made right now. Try again when it is done.',
  noFile: 'There is no such backup. It may have been removed by the retention of older backups; reload the list.',
  badLink: 'This download link has expired or is not valid. Press Download again on the Administration page.',
} as const;

/** What a backup file is called: the moment it was taken, so names sort by age; 'Back up now' adds `-manual`. */
export function backupFileName(at: Date, kind: BackupKind = 'scheduled'): string {
  return `animal-doctor-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}${kind === 'manual' ? '-manual' : ''}.tar.gz`;
}
/** BACKUP_FILE_PATTERN with the time captured. */
const FILE_PATTERN = /^animal-doctor-backup-(\d{8}T\d{6}Z)(-manual)?\.tar\.gz$/;

function takenAt(name: string): number | undefined {
  const match = FILE_PATTERN.exec(name);
  if (!match) return undefined;
  const s = match[1]!;
  return Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

type BackupKind = BackupFile['kind'];
interface KeptFile {
  name: string;
  at: number;
  kind: BackupKind;
  size: number;
}
const present = (file: KeptFile): BackupFile => ({ name: file.name, created_at: new Date(file.at).toISOString(), size: file.size, kind: file.kind });

export interface BackupTaken {
  stream: Readable;
  fileName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    backups: ReturnType<typeof backupsOf>;
  }
}

/** How often the schedule looks whether a backup is due (a cheap look at the folder). */
const SCHEDULE_LOOK_MS = 60_000;

function backupsOf(fastify: FastifyInstance) {
  const { config, database, clock } = fastify;
  const folder = path.join(config.dataDir, 'backups');
  let busy = false;
  let lastSuccess: number | undefined;

  /** The copy itself: held between transactions (the worker's turn), then packed while the database goes on. */
  async function take(before?: () => Promise<void>, kind: BackupKind = 'scheduled'): Promise<BackupTaken> {
    if (database.engine !== 'pglite') throw domainError(409, 'USE_PG_DUMP', BACKUP_MESSAGES.postgres);
    if (busy) throw domainError(409, 'BACKUP_RUNNING', BACKUP_MESSAGES.busy);
    busy = true;
    try {
      await before?.();
      const at = clock.now();
      const client = (database.db as unknown as { $client: PGlite | PgliteWorkerClient }).$client;
      const [facts] = rowsOf<{ version: string; migrations: number }>(
        await database.db.execute(
          sql`SELECT current_setting('server_version') AS version, (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`,
        ),
      );
      // NOTE: PGLITE_WORKER=off has no turn to hold: PGlite's own dump waits for the running statement only,
      // and a copy taken inside a transaction opens without it (recovery drops what was not committed).
      const dump = client instanceof PgliteWorkerClient ? await client.backupDump() : await client.dumpDataDir('none');
      const manifest: BackupManifest = { format: 1, created_at: at.toISOString(), postgres_version: facts!.version, migrations: facts!.migrations };
      const stream = backupStream(new Uint8Array(await dump.arrayBuffer()), manifest);
      stream.once('close', () => {
        busy = false;
      });
      return { stream, fileName: backupFileName(at, kind) };
    } catch (error) {
      busy = false;
      throw error;
    }
  }

  /** The backup files kept in DATA_DIR/backups, newest first. */
  function kept(): KeptFile[] {
    let names: string[] = [];
    try {
      names = fs.readdirSync(folder);
    } catch {
      return [];
    }
    const files: KeptFile[] = [];
    for (const name of names) {
      const at = takenAt(name);
      if (at === undefined) continue;
      try {
        files.push({ name, at, kind: name.endsWith('-manual.tar.gz') ? 'manual' : 'scheduled', size: fs.statSync(path.join(folder, name)).size });
      } catch {
        // Removed by the retention of another look meanwhile.
      }
    }
    return files.sort((a, b) => b.at - a.at);
  }

  /** One kept file by its exact name, or 404: a name never reaches the file system unless it is one of them. */
  function keptFile(name: string): KeptFile {
    const file = kept().find((candidate) => candidate.name === name);
    if (!file) throw domainError(404, 'NOT_FOUND', BACKUP_MESSAGES.noFile, { field: 'name' });
    return file;
  }

  return {
    /** An administrator's download: audited (who took a copy of everything, from where), then the copy. */
    download(actor: Actor): Promise<BackupTaken> {
      return take(() => writeAudit(database.db, actor, { action: 'backup downloaded', targetType: 'backup', targetId: null }));
    },

    /**
     * Writes one backup into DATA_DIR/backups and removes the oldest of its kind beyond BACKUP_KEEP; answers the
     * file. 'Back up now' (kind 'manual', audited) keeps its own BACKUP_KEEP beside the scheduled ones (decision 180).
     */
    async writeNow(kind: BackupKind = 'scheduled', actor?: Actor): Promise<string> {
      const { stream, fileName } = await take(
        actor ? () => writeAudit(database.db, actor, { action: 'backup made', targetType: 'backup', targetId: null }) : undefined,
        kind,
      );
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, fileName);
      await writeBackupFile(stream, file);
      lastSuccess = takenAt(fileName);
      for (const old of kept()
        .filter((candidate) => candidate.kind === kind)
        .slice(config.backup.keep))
        fs.rmSync(path.join(folder, old.name), { force: true });
      return file;
    },

    /** The kept backups for the Administration page (docs/product.md 29.2). */
    list(): BackupListAnswer {
      const available = database.engine === 'pglite';
      return {
        data: available ? kept().map(present) : [],
        available,
        message: available ? null : BACKUP_MESSAGES.postgres,
        every_hours: config.backup.everyHours,
        keep: config.backup.keep,
      };
    },

    /** 'Back up now': a manual backup written beside the scheduled ones, answered as the list shows it. */
    async createNow(actor: Actor): Promise<BackupFile> {
      const file = await this.writeNow('manual', actor);
      return present(keptFile(path.basename(file)));
    },

    /** A link the administrator's browser follows to download one kept file (decision 180): signed, for two minutes. */
    async linkFor(user: { id: number; tokenVersion: number }, name: string): Promise<BackupLinkAnswer> {
      keptFile(name);
      const ticket = await fastify.tokens.sign(user.id, 'backup_download', user.tokenVersion, { file: name });
      return { url: `/api/admin/backups/file?${new URLSearchParams({ name, ticket })}`, expires_in: DOWNLOAD_TTL_SECONDS };
    },

    /** Who a download link belongs to: an active administrator whose sessions still stand, for exactly this file; else 401/403. */
    async ticketHolder(ticket: string | undefined, name: string | undefined): Promise<typeof users.$inferSelect> {
      let claims: Awaited<ReturnType<typeof fastify.tokens.verify>> | undefined;
      try {
        if (ticket) claims = await fastify.tokens.verify(ticket, 'backup_download');
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
      }
      if (!claims || claims.file !== name) throw domainError(401, 'UNAUTHENTICATED', BACKUP_MESSAGES.badLink);
      const [user] = await database.db
        .select()
        .from(users)
        .where(eq(users.id, Number(claims.sub)));
      if (!user || user.tokenVersion !== claims.ver || user.status !== 'active') throw domainError(401, 'UNAUTHENTICATED', BACKUP_MESSAGES.badLink);
      if (!isAdmin(user)) throw domainError(403, 'FORBIDDEN', AUTH_MESSAGES.adminOnly);
      return user;
    },

    /** A kept file for its download: audited (who took a copy of everything, from where), then read from disk. */
    async openKept(actor: Actor, name: string): Promise<{ stream: Readable; size: number }> {
      const file = keptFile(name);
      await writeAudit(database.db, actor, { action: 'backup downloaded', targetType: 'backup', targetId: null, details: { file_name: name } });
      return { stream: fs.createReadStream(path.join(folder, file.name)), size: file.size };
    },

    /** The schedule's look: a backup when the newest scheduled one is BACKUP_EVERY_HOURS old (or there is none). */
    async runIfDue(): Promise<string | undefined> {
      if (config.backup.everyHours === 0 || database.engine !== 'pglite' || busy) return undefined;
      const newest = kept().find((file) => file.kind === 'scheduled')?.at;
      if (newest !== undefined && clock.now().getTime() - newest < config.backup.everyHours * 3_600_000) return undefined;
      return this.writeNow();
    },

    /** When the last backup of this server was written (for /metrics), or the newest kept file's time. */
    lastSuccessAt(): number | undefined {
      return lastSuccess ?? kept()[0]?.at;
    },

    kept,
  };
}

export default fp(
  async (fastify) => {
    const backups = backupsOf(fastify);
    fastify.decorate('backups', backups);
    const { config } = fastify;
    if (config.nodeEnv === 'test' || config.backup.everyHours === 0 || fastify.database.engine !== 'pglite') return;
    const look = () => {
      backups
        .runIfDue()
        .then((file) => file && fastify.log.info({ file }, 'scheduled backup written'))
        .catch((error: unknown) => fastify.log.error({ err: error }, 'scheduled backup failed'));
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      timer = setInterval(look, SCHEDULE_LOOK_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'backups', dependencies: ['database'] },
);

export { default as backupRoutes } from './routes/index';
