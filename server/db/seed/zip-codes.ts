// Loads the US zip data set of the `zipcodes` package (BSD) into zip_codes: no network at run time
// (docs/product.md, Search; docs/decisions/003). Idempotent: skipped when the table is complete.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { appMeta, zipCodes } from '../schema';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

export interface ZipRow {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

// Each batch travels as ONE json parameter expanded by json_to_recordset: measured on PGlite, 42.5k
// rows load in about 2 s this way against about 7 s as multi-row INSERTs with five parameters a row
// (the per-parameter work in drizzle and the wire protocol dominated). 10k rows keep a statement
// near 1 MB.
const BATCH_ROWS = 2_000;
const ZIP_META_KEY = 'zip_codes';

const require = createRequire(import.meta.url);
/**
 * The package's US zips with usable coordinates (its Canadian postcodes are left out). Nothing is
 * kept: the package's module (about 30 MB of objects) is dropped from the module cache, because the
 * rows are only needed while the table is filled on a first start.
 */
export function usZipRows(): ZipRow[] {
  const id = require.resolve('zipcodes');
  const { codes } = require(id) as { codes: Record<string, ZipRecord> };
  const rows = Object.values(codes)
    .filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude) && z.city && z.state)
    .map((z) => ({ zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude }));
  delete require.cache[id];
  return rows;
}

/**
 * usZipRows() in a worker thread: requiring the package's 5 MB module grows the heap by about 90 MB,
 * which V8 keeps for the life of the process; a worker's memory goes back when it ends
 * (docs/decisions/046-server-memory.md). Only the filtered rows come back.
 */
async function usZipRowsApart(): Promise<ZipRow[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { codes } = require(workerData.module);
    parentPort.postMessage(Object.values(codes)
      .filter((z) => z.country === 'US' && /^\\d{5}$/.test(z.zip) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude) && z.city && z.state)
      .map((z) => ({ zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude })));`;
  return new Promise<ZipRow[]>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { module: require.resolve('zipcodes') } });
    worker.once('message', (rows: ZipRow[]) => {
      resolve(rows);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The data set's name and version, stored with the row count in app_meta 'zip_codes'. */
function dataSetName(): string {
  const { version } = require('zipcodes/package.json') as { version: string };
  return `zipcodes@${version}`;
}

export async function loadZipCodes(db: DbOrTx): Promise<{ loaded: number; skipped: boolean }> {
  // Fast path for every start after the first: requiring the 5 MB data module alone costs about
  // 0.7 s, so the stored label and the row count decide without it.
  const [[meta], [existing]] = await Promise.all([db.select().from(appMeta).where(eq(appMeta.key, ZIP_META_KEY)), db.select({ n: count() }).from(zipCodes)]);
  const have = existing?.n ?? 0;
  const stored = meta ? /^(\S+) (\d+)$/.exec(meta.value) : null;
  if (stored && stored[1] === dataSetName() && have >= Number(stored[2])) return { loaded: 0, skipped: true };

  // First start, an interrupted load or a newer package: insert everything, keeping rows already there.
  const rows = await usZipRowsApart();
  let loaded = 0;
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const json = JSON.stringify(rows.slice(i, i + BATCH_ROWS));
    const result = await db.execute(sql`
      insert into ${zipCodes} (zip, city, state, latitude, longitude)
      select zip, city, state, latitude, longitude
      from json_to_recordset(${json}::json) as z(zip text, city text, state text, latitude float8, longitude float8)
      on conflict (zip) do nothing`);
    loaded += affected(result);
  }
  // Fresh statistics, so the planner uses the indexes for the first searches.
  if (loaded > 0) await db.execute(sql`analyze ${zipCodes}`);
  const value = `${dataSetName()} ${rows.length}`;
  await db.insert(appMeta).values({ key: ZIP_META_KEY, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
  return { loaded, skipped: loaded === 0 };
}

/** Rows written by a statement: PGlite reports affectedRows, node-postgres rowCount. */
function affected(result: unknown): number {
  const r = result as { affectedRows?: number; rowCount?: number | null };
  return r.affectedRows ?? r.rowCount ?? 0;
}
