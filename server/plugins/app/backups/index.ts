// Backups of the embedded database (docs/product.md 23.1, docs/decisions/118-backups-copy-the-data-folder.md):
// `fastify.backups.download(actor)` for GET /api/admin/backup and the scheduled copies in DATA_DIR/backups
// every BACKUP_EVERY_HOURS, keeping BACKUP_KEEP. One backup at a time per server: a second one waits for
// nothing and is refused. On PostgreSQL the database server's own tools (pg_dump, PITR) do this job.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { backupStream, writeBackupFile, type BackupManifest } from '../../../db/backup-archive';
import { PgliteWorkerClient } from '../../../db/pglite-worker';
import { domainError } from '../../../lib/domain-error';
import { writeAudit, type Actor } from '../audit/audit-log';
import { rowsOf } from '../../../lib/sql-rows';

export const BACKUP_MESSAGES = {
  postgres:
    'This server runs on PostgreSQL (DATABASE_URL), whose backups are made with pg_dump or point-in-time recovery on the database server: see docs/operations.md, "Restoring from a backup".',
  busy: 'A backup is being made right now. Try again when it is done.',
} as const;

/** What a backup file is called: the moment it was taken, so names sort by age. */
export function backupFileName(at: Date): string {
  return `animal-doctor-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}
const FILE_PATTERN = /^animal-doctor-backup-(\d{8}T\d{6}Z)\.tar\.gz$/;

function takenAt(name: string): number | undefined {
  const match = FILE_PATTERN.exec(name);
  if (!match) return undefined;
  const s = match[1]!;
  return Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

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
  async function take(before?: () => Promise<void>): Promise<BackupTaken> {
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
      return { stream, fileName: backupFileName(at) };
    } catch (error) {
      busy = false;
      throw error;
    }
  }

  /** The backup files kept in DATA_DIR/backups, newest first. */
  function kept(): { name: string; at: number }[] {
    let names: string[] = [];
    try {
      names = fs.readdirSync(folder);
    } catch {
      return [];
    }
    return names
      .map((name) => ({ name, at: takenAt(name) }))
      .filter((file): file is { name: string; at: number } => file.at !== undefined)
      .sort((a, b) => b.at - a.at);
  }

  return {
    /** An administrator's download: audited (who took a copy of everything, from where), then the copy. */
    download(actor: Actor): Promise<BackupTaken> {
      return take(() => writeAudit(database.db, actor, { action: 'backup downloaded', targetType: 'backup', targetId: null }));
    },

    /** Writes one backup into DATA_DIR/backups and removes the oldest beyond BACKUP_KEEP; answers the file. */
    async writeNow(): Promise<string> {
      const { stream, fileName } = await take();
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, fileName);
      await writeBackupFile(stream, file);
      lastSuccess = takenAt(fileName);
      for (const old of kept().slice(config.backup.keep)) fs.rmSync(path.join(folder, old.name), { force: true });
      return file;
    },

    /** The schedule's look: a backup when the newest kept one is BACKUP_EVERY_HOURS old (or there is none). */
    async runIfDue(): Promise<string | undefined> {
      if (config.backup.everyHours === 0 || database.engine !== 'pglite' || busy) return undefined;
      const newest = kept()[0]?.at;
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
