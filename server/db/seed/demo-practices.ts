// The demo practices for import (docs/product.md section 20): server/db/seed/demo-practices.csv, made by
// scripts/generate-demo-practices.ts, imported with the rest of the demo data (DEMO_DATA), once per
// database (app_meta 'demo_practices_loaded'), through the same import as an administrator's file.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { appMeta, importJobs } from '../schema';
import { systemClock } from '../../lib/clock';
import { fileHeader, runImport } from '../../plugins/app/practice-import/import-run';
import path from 'node:path';
import { projectRoot } from '../../lib/project-root';

/** The file, written by scripts/generate-demo-practices.ts. */
export const DEMO_PRACTICES_FILE = path.join(projectRoot, 'server/db/seed/demo-practices.csv');

export async function loadDemoPractices(db: DbOrTx): Promise<{ loaded: boolean; created?: number; skipped?: number }> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_practices_loaded'));
  if (done) return { loaded: false };
  // Claimed first: a second process on the same PostgreSQL stops here instead of importing twice.
  const claimed = await db.insert(appMeta).values({ key: 'demo_practices_loaded', value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (!claimed.length) return { loaded: false };
  const text = readFileSync(DEMO_PRACTICES_FILE, 'utf8');
  const header = fileHeader(text);
  if ('problem' in header) throw new Error(`demo-practices.csv: ${header.problem}`);
  const [job] = await db.insert(importJobs).values({ dryRun: false, fileName: 'demo-practices.csv', total: header.total }).returning({ id: importJobs.id });
  // Nothing listens yet at start-up: the search index loads from doctor_search afterwards.
  const deps = { db, changes: { announce: () => undefined }, clock: systemClock, stopping: () => false };
  await runImport(deps, { id: job!.id, dryRun: false, fileName: 'demo-practices.csv', actor: null }, text, header.columns);
  const [result] = await db.select().from(importJobs).where(eq(importJobs.id, job!.id));
  return { loaded: true, created: result?.created, skipped: result?.skipped };
}
