// One database handle over either engine: PGlite (embedded, default) or node-postgres (DATABASE_URL).
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { PgliteWorkerClient } from './pglite-worker';
import { projectRoot } from '../lib/project-root';

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

export const migrationsFolder = path.join(projectRoot, 'server/db/migrations');

export interface OpenOptions {
  /** node-postgres connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Name written into the lock file, shown to a second process. */
  owner?: string;
  poolSize?: number;
  /** An in-memory PGlite starts as a copy of this dump (`dumpDataDir`) of a migrated one: tests open a fresh
   *  database per file in under a second instead of three (server/test/helper.ts). */
  image?: Blob | undefined;
  /** PGlite in a worker thread (the default) or, with false, on the calling thread (PGLITE_WORKER=off):
   *  docs/decisions/092-pglite-in-a-worker-thread.md. */
  worker?: boolean;
  /** In the worker thread, once migrated, a statement that takes longer fails with 503 and the database is
   *  opened again. Absent: no limit (the scripts, whose batches may run for minutes). */
  statementTimeoutMs?: number | undefined;
  /** In the worker thread, keep a spare thread with PGlite loaded, so the database opens again quickly after a
   *  timeout (the server): docs/decisions/130-a-timeout-reopens-the-database-in-a-spare-thread.md. */
  spareThread?: boolean | undefined;
  /** Where the worker's client reports a statement over the time limit and the restart (default: stderr). */
  log?: (line: string) => void;
}

/**
 * PostgreSQL's memory settings inside PGlite. The WASM heap never shrinks, and PostgreSQL's defaults
 * (128 MB shared buffers, 64 MB maintenance memory) are sized for a dedicated server: with them the
 * server process held about 400 MB after start-up. Pages PGlite does not keep are still in the
 * operating system's file cache, so smaller buffers cost a system call, not a disk read
 * (docs/decisions/046-server-memory.md, figures in docs/performance.md).
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'];

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // allowExitOnIdle: idle connections never keep a finished process (a script, a test run) alive.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, allowExitOnIdle: true });
    // NOTE: an idle client that loses its connection emits 'error' on the pool; without a handler it kills the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Servers starting together on a new database would run the same migrations at once and the
    // loser would stop on "relation already exists": one session-level advisory lock makes them
    // take turns (server/reliability/two-servers.test.ts).
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(7215001)');
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(7215001)');
      }
    } finally {
      client.release();
    }
    return { db, engine: 'postgres', pool, close: () => pool.end() };
  }
  const release = options.dataDir ? lockDataDir(options.dataDir, options.owner ?? 'animal-doctor') : () => undefined;
  try {
    if (options.dataDir) await initDataDirApart(path.join(options.dataDir, 'pgdata'));
    const dataDir = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
    const client =
      options.worker === false
        ? await PGlite.create({
            dataDir,
            loadDataDir: dataDir ? undefined : options.image,
            // NOTE: PGlite loads contrib code only when listed here; the migrations then CREATE EXTENSION as on PostgreSQL.
            extensions: { cube, pg_trgm },
            postgresqlconf: PGLITE_SETTINGS,
          })
        : await PgliteWorkerClient.open({
            dataDir,
            image: dataDir ? undefined : options.image,
            settings: PGLITE_SETTINGS,
            spare: options.spareThread,
            log: options.log,
          });
    // The worker's client answers the calls drizzle's PGlite driver makes (query, exec, transaction).
    const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
    try {
      await migratePglite(db as never, { migrationsFolder });
      // NOTE: after the migrations, which may rewrite a large table once (a new index at 100k vets).
      if (client instanceof PgliteWorkerClient && options.statementTimeoutMs) client.limitStatements(options.statementTimeoutMs);
    } catch (error) {
      await client.close();
      throw error;
    }
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

/**
 * Creates a new PGlite data folder in a short-lived child process. initdb runs in its own WASM
 * instance, and the memory it touched (about 150 MB, also from a worker thread) stays with the
 * process that ran it for its whole life; a process that ends gives it all back
 * (docs/decisions/046-server-memory.md). Costs about a second, once, on a new DATA_DIR.
 */
async function initDataDirApart(pgData: string): Promise<void> {
  if (fs.existsSync(path.join(pgData, 'PG_VERSION'))) return;
  const code = `const { PGlite } = await import(process.argv[1]); const db = await PGlite.create({ dataDir: process.argv[2] }); await db.close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', code, import.meta.resolve('@electric-sql/pglite'), pgData],
      { timeout: 120_000 },
      (error, _stdout, stderr) => (error ? reject(new Error(`could not create the database in ${pgData}: ${stderr || error.message}`)) : resolve()),
    );
  });
}
