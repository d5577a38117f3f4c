// Loads the US zip data set of the `zipcodes` package (BSD) into zip_codes: no network at run time
// (decisions.md section 7, docs/decisions/003). Idempotent: skipped when the table is complete.
import { createRequire } from 'node:module';
import { count, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { zipCodes } from '../schema';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

function usZipRecords(): ZipRecord[] {
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> };
  return Object.values(codes).filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude));
}

export async function loadZipCodes(db: DbOrTx): Promise<{ loaded: number; skipped: boolean }> {
  const records = usZipRecords();
  const [existing] = await db.select({ n: count() }).from(zipCodes);
  if ((existing?.n ?? 0) >= records.length) return { loaded: 0, skipped: true };
  const batchSize = 2000;
  for (let i = 0; i < records.length; i += batchSize) {
    const batch = records.slice(i, i + batchSize).map((z) => ({ zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude }));
    await db.insert(zipCodes).values(batch).onConflictDoNothing({ target: zipCodes.zip });
  }
  await db.execute(sql`analyze zip_codes`);
  return { loaded: records.length, skipped: false };
}
