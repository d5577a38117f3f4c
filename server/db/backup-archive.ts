// The backup file of the embedded database (docs/product.md 23.1, docs/decisions/118-backups-copy-the-data-folder.md):
// a gzip-compressed tar holding `animal-doctor-backup.json` (what made it, and when) and `pgdata/…`, a copy
// of PGlite's data folder taken between transactions. Uploaded files live in the database (server/storage),
// so they are in it too. Written by the backups area, read by `npm run restore` (scripts/restore.ts).
import fs from 'node:fs';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

export const MANIFEST_NAME = 'animal-doctor-backup.json';
const DATA_PREFIX = 'pgdata/';

export interface BackupManifest {
  /** The layout of this file; a restore refuses a format it does not know. */
  format: 1;
  created_at: string;
  /** PostgreSQL's version inside PGlite: a data folder opens only with the same major version. */
  postgres_version: string;
  /** The last migration applied when the copy was taken (its hash in drizzle.__drizzle_migrations). */
  migrations: number;
}

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** Repacks PGlite's dump (a tar of the data folder, names starting with '/') under `pgdata/` after the manifest, gzip-compressed. */
export function backupStream(dump: Uint8Array, manifest: BackupManifest): Readable {
  const pack = tar.pack();
  const source = tar.extract();
  pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, JSON.stringify(manifest, null, 2));
  source.on('entry', (header, stream, next) => {
    const name = DATA_PREFIX + header.name.replace(/^\/+/, '');
    if (header.type === 'directory') {
      pack.entry({ name, type: 'directory', mode: 0o700, mtime: header.mtime });
      stream.resume();
      stream.on('end', next);
      return;
    }
    const entry = pack.entry({ name, size: header.size, mode: 0o600, mtime: header.mtime }, (error) => (error ? source.destroy(error) : next()));
    stream.pipe(entry);
  });
  source.on('finish', () => pack.finalize());
  source.on('error', (error) => pack.destroy(error));
  Readable.from([Buffer.from(dump.buffer, dump.byteOffset, dump.byteLength)]).pipe(source);
  // Level 1: the copy is mostly database pages; level 6 made it 12% smaller and took three times as long.
  return pack.pipe(zlib.createGzip({ level: 1 }));
}

/** Writes a backup to `file` through a temporary name, so a half-written file is never taken for a backup. */
export async function writeBackupFile(stream: Readable, file: string): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await pipeline(stream, fs.createWriteStream(partial, { mode: 0o600 }) as Writable);
    fs.renameSync(partial, file);
    return fs.statSync(file).size;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** A name inside pgdata/ with no way out of it. */
function safeDataPath(name: string): string | undefined {
  if (!name.startsWith(DATA_PREFIX)) return undefined;
  const rest = name.slice(DATA_PREFIX.length).replace(/\/+$/, '');
  if (rest === '') return '';
  const parts = rest.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\0'))) return undefined;
  return parts.join(path.sep);
}

/**
 * Unpacks a backup file into `pgData` (which must not exist yet) and answers its manifest. A file that
 * is not a backup of this kind (no manifest, an unknown format, a name outside pgdata/, links) is refused
 * with a sentence, before or while unpacking; the caller removes what was written.
 */
export async function extractBackup(file: string, pgData: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const extract = tar.extract();
  fs.mkdirSync(pgData, { recursive: true, mode: 0o700 });
  const unpack = (async () => {
    for await (const entry of extract) {
      const { header } = entry;
      if (header.name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = parseManifest(Buffer.concat(chunks).toString('utf8'));
        continue;
      }
      if (!manifest) throw new BackupFileError(`${file} is not an Animal Doctor backup: it does not start with ${MANIFEST_NAME}.`);
      const relative = safeDataPath(header.name);
      if (relative === undefined || (header.type !== 'file' && header.type !== 'directory')) {
        throw new BackupFileError(`${file} holds an entry a backup never holds (${JSON.stringify(header.name)}); nothing was restored.`);
      }
      const target = path.join(pgData, relative);
      if (header.type === 'directory') {
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        entry.resume();
        continue;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry, fs.createWriteStream(target, { mode: 0o600 }));
    }
  })();
  try {
    await Promise.all([pipeline(fs.createReadStream(file), zlib.createGunzip(), extract), unpack]);
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} could not be read as a backup (${(error as Error).message}); nothing was restored.`);
  }
  if (!manifest) throw new BackupFileError(`${file} is not an Animal Doctor backup: it holds no ${MANIFEST_NAME}.`);
  if (!fs.existsSync(path.join(pgData, 'PG_VERSION')))
    throw new BackupFileError(`${file} holds no database (pgdata/PG_VERSION is missing); nothing was restored.`);
  return manifest;
}

function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupFileError(`${MANIFEST_NAME} in the backup is not valid JSON; nothing was restored.`);
  }
  if (value.format !== 1) throw new BackupFileError(`This backup has format ${String(value.format)}, which this version of Animal Doctor cannot restore.`);
  return value as BackupManifest;
}
