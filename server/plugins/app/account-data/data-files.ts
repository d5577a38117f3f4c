// A deleted account leaves the data files too (docs/product.md 22.6; decision 124). A deleted or updated
// row stays in its table's file as a dead row until VACUUM, and the embedded database's backup copies
// those files (decision 118), so without this every later backup would hold the address, the password
// hash and the messages. On the embedded database VACUUM FULL rewrites each touched table (a plain VACUUM
// frees the space but leaves the old bytes in it), then the write-ahead log is moved to a new segment and
// the old one removed rather than recycled (a recycled segment keeps its old records). On PostgreSQL a
// plain VACUUM drops the dead rows; its backups are logical dumps (pg_dump), which never copy them.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { identifier } from './user-references';

export async function dropDeadRows(db: Db, engine: 'pglite' | 'postgres', tables: Iterable<string>): Promise<void> {
  // VACUUM cannot run inside a transaction: each is its own statement, after the deletion committed.
  for (const table of new Set(tables)) await db.execute(sql.raw(`VACUUM ${engine === 'pglite' ? 'FULL ' : ''}${identifier(table)}`));
  if (engine !== 'pglite') return;
  // PGlite has one session, so the setting holds for every later checkpoint of this process.
  await db.execute(sql`SET wal_recycle = off`);
  await db.execute(sql`SELECT pg_switch_wal()`);
  await db.execute(sql`CHECKPOINT`);
}
