// The default storage backend: the `uploads` table. Works the same on PGlite and PostgreSQL, so
// several app servers against one database share their files without a shared disk.
import { eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import { assertKey, type FileStorage } from './storage';

export function databaseStorage(db: DbOrTx): FileStorage {
  return {
    async put(key, bytes, contentType, ownerId = null) {
      assertKey(key);
      await db
        .insert(uploads)
        .values({ key, bytes, contentType, size: bytes.length, ownerId })
        .onConflictDoUpdate({ target: uploads.key, set: { bytes, contentType, size: bytes.length } });
    },
    async putAll(files) {
      if (files.length === 0) return;
      for (const file of files) assertKey(file.key);
      // One statement: its rows commit together.
      await db
        .insert(uploads)
        .values(files.map(({ key, bytes, contentType, ownerId }) => ({ key, bytes, contentType, size: bytes.length, ownerId })))
        .onConflictDoUpdate({
          target: uploads.key,
          set: { bytes: sql.raw('excluded.bytes'), contentType: sql.raw('excluded.content_type'), size: sql.raw('excluded.size') },
        });
    },
    async get(key) {
      if (key.length > 200) return undefined;
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
      return row ? { bytes: row.bytes, contentType: row.contentType, size: row.size } : undefined;
    },
    async delete(key) {
      await db.delete(uploads).where(eq(uploads.key, key));
    },
    async deleteByPrefix(prefix) {
      assertKey(prefix.replace(/\/$/, ''));
      await db.delete(uploads).where(like(uploads.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
    },
  };
}
