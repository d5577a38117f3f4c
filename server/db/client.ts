// One database handle over either engine: PGlite (embedded, default) or node-postgres (DATABASE_URL).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The node-postgres pool (PostgreSQL only), for hot paths that use named prepared statements. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** node-postgres connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Name written into the lock file, shown to a second process. */
  owner?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // allowExitOnIdle: idle connections never keep a finished process (a script, a test run) alive.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, allowExitOnIdle: true });
    // NOTE: an idle client that loses its connection emits 'error' on the pool; without a handler it kills the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, engine: 'postgres', pool, close: () => pool.end() };
  }
  const release = options.dataDir ? lockDataDir(options.dataDir, options.owner ?? 'animal-doctor') : () => undefined;
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
      // NOTE: PGlite loads contrib code only when listed here; the migrations then CREATE EXTENSION as on PostgreSQL.
      extensions: { cube, pg_trgm },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      engine: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
