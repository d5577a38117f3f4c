// Restoring a backup of the embedded database (docs/product.md 23.1; `npm run restore -- --file F`,
// scripts/restore.ts): fills an empty DATA_DIR from a backup file, opens the copy once (which applies
// migrations newer than the copy) and answers what it holds. A DATA_DIR that holds data is refused.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { BackupFileError, extractBackup, type BackupManifest } from './backup-archive';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';
import { rowsOf } from '../lib/sql-rows';

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** What the restored database holds, as `npm run restore` prints it. */
export interface RestoredCounts {
  accounts: number;
  profiles: number;
  articles: number;
  uploads: number;
  audit_entries: number;
}

/** Entries of DATA_DIR a restore may find there: copied backups, and what a refused or failed run leaves (nothing else). */
const ALLOWED = new Set(['backups']);
const STAGING = '.restoring';

export async function restoreBackup(file: string, dataDir: string): Promise<{ manifest: BackupManifest; counts: RestoredCounts }> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreRefused(`There is no backup file at ${file}.`);
  const held = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((name) => !ALLOWED.has(name)) : [];
  if (held.length > 0) {
    throw new RestoreRefused(
      `${dataDir} already holds data (${held.slice(0, 5).join(', ')}${held.length > 5 ? ', …' : ''}). A restore fills an empty folder only: set DATA_DIR to a new folder, or move this one away first.`,
    );
  }
  // Held while unpacking, so no server starts on the half-filled folder.
  const release = lockDataDir(dataDir, 'restore');
  const staging = path.join(dataDir, STAGING);
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    const manifest = await extractBackup(file, path.join(staging, 'pgdata'));
    // Opened once in the staging folder: a copy this version cannot open never becomes DATA_DIR's database.
    let database;
    try {
      database = await openDatabase({ dataDir: staging, owner: 'restore', worker: false });
    } catch (error) {
      throw new BackupFileError(
        `The database in ${file} (PostgreSQL ${manifest.postgres_version}) could not be opened by this version of Animal Doctor: ${(error as Error).message}. Nothing was restored.`,
      );
    }
    let counts: RestoredCounts;
    try {
      const result = await database.db.execute(
        sql`SELECT (SELECT count(*)::int FROM users) AS accounts, (SELECT count(*)::int FROM profiles) AS profiles,
          (SELECT count(*)::int FROM articles) AS articles, (SELECT count(*)::int FROM uploads) AS uploads,
          (SELECT count(*)::int FROM audit_log) AS audit_entries`,
      );
      counts = rowsOf<RestoredCounts>(result)[0]!;
    } finally {
      await database.close();
    }
    fs.renameSync(path.join(staging, 'pgdata'), path.join(dataDir, 'pgdata'));
    fs.rmSync(staging, { recursive: true, force: true });
    return { manifest, counts };
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}
