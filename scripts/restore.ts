// `npm run restore -- --file F`: fills an empty DATA_DIR from a backup of the embedded database
// (GET /api/admin/backup or DATA_DIR/backups; docs/product.md 23.1, docs/operations.md). It refuses a
// DATA_DIR that holds data, and a server on PostgreSQL, whose backups are restored with pg_restore.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { BackupFileError } from '../server/db/backup-archive';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { RestoreRefused, restoreBackup } from '../server/db/restore';

function fail(code: number, line: string): never {
  console.error(`restore: ${line}`);
  process.exit(code);
}

const usage = 'usage: npm run restore -- --file path/to/animal-doctor-backup-….tar.gz (into an empty DATA_DIR)';
let file: string | undefined;
try {
  ({
    values: { file },
  } = parseArgs({ options: { file: { type: 'string' } } }));
} catch (error) {
  fail(2, `${(error as Error).message}; ${usage}`);
}
if (!file) fail(2, `--file is required; ${usage}`);

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    fail(
      2,
      'DATABASE_URL is set: this file restores the embedded database into DATA_DIR; a PostgreSQL server is restored with pg_restore (docs/operations.md).',
    );
  }
  const started = Date.now();
  const { manifest, counts } = await restoreBackup(path.resolve(file), config.dataDir);
  console.log(`Restored the backup taken ${manifest.created_at} into ${config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log(
    `It holds ${counts.accounts} accounts, ${counts.profiles} profiles, ${counts.articles} articles, ${counts.uploads} uploaded files and ${counts.audit_entries} audit entries.`,
  );
  console.log('Start the server on it with npm start (same DATA_DIR). Sessions from before the copy end unless JWT_SECRET is the same.');
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof RestoreRefused || error instanceof BackupFileError) {
    fail(1, error.message);
  }
  throw error;
}
