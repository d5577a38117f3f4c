// The first start on a new data folder, fast (issue 40 part 1, docs/decisions/161-first-start-from-prepared-data.md).
// `npm install`'s build step (package.json's prepare: scripts/start.mjs --build-only) runs the server once with
// `--prepare-data`: it makes a data folder with the migrations, the US zip codes and the demo content ('demo'), and
// a copy with the demo practices imported on top ('demo-import'), in dist/first-start. A start on a new DATA_DIR
// copies the one its settings ask for instead of loading the zip codes and the demo data (about 40 s of a 2-core
// machine), then gives the demo accounts new passwords, printed as the loading would have printed them.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import { projectRoot } from '../lib/project-root';
import { migrationsFolder, openDatabase, type Database } from './client';
import { LOCK_FILE } from './data-dir-lock';
import { prepareDatabase } from './prepare';
import { users } from './schema';
import { DEMO_ADMIN_EMAIL } from './seed/demo';
import { STAGE_VET_ACCOUNTS, STAGE_VET_DOMAIN } from './seed/demo-stages';

export type PreparedKind = 'demo' | 'demo-import';

/** Where the build keeps it; tests give a folder of their own. */
const PREPARED_ROOT = path.join(projectRoot, 'dist/first-start');
const stampFile = (root: string) => path.join(root, 'stamp.json');
/** Demo dates (reviews days ago, plans ending in 30 days) are counted from the moment it was made. */
const MAX_AGE_MS = 7 * 24 * 3_600_000;
/** Never copied: the lock of the process that made it, and a secret that must be the new folder's own. */
const NOT_COPIED = new Set([LOCK_FILE, 'jwt-secret']);

interface Stamp {
  schema: string;
  madeAt: number;
}

/** The migrations this version ships: prepared data made under other migrations is not used. */
function schemaStamp(): string {
  return createHash('sha256')
    .update(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json')))
    .digest('hex');
}

function usableStamp(root: string, now: number): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile(root), 'utf8')) as Stamp;
    return stamp.schema === schemaStamp() && now - stamp.madeAt < MAX_AGE_MS && now >= stamp.madeAt;
  } catch {
    return false;
  }
}

/** Fills the new (absent or empty) `dataDir` with a copy of the prepared folder; false when there is none fit to use. */
export function copyPreparedData(dataDir: string, kind: PreparedKind, now: number, root = PREPARED_ROOT): boolean {
  const source = path.join(root, kind);
  if (!usableStamp(root, now) || !fs.existsSync(path.join(source, 'pgdata', 'PG_VERSION'))) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.readdirSync(dataDir).length > 0) return false;
  fs.cpSync(source, dataDir, { recursive: true, filter: (file) => !NOT_COPIED.has(path.basename(file)) });
  return true;
}

/**
 * The demo administrator and the stage vets of a copied folder get new random passwords (the prepared folder's
 * were printed to nobody), printed once as when the demo data is loaded. Only the hashes are stored.
 */
export async function renewDemoPasswords(database: Database, print: (line: string) => void): Promise<void> {
  const adminPassword = randomBytes(12).toString('base64url');
  const stagePassword = randomBytes(9).toString('base64url');
  const [adminHash, stageHash] = await Promise.all([hashPassword(adminPassword), hashPassword(stagePassword)]);
  const { db } = database;
  const admin = await db.update(users).set({ passwordHash: adminHash }).where(eq(users.email, DEMO_ADMIN_EMAIL)).returning({ id: users.id });
  if (admin.length > 0) print(`Demo administrator: ${DEMO_ADMIN_EMAIL} / password: ${adminPassword}`);
  const stage = await db
    .update(users)
    .set({ passwordHash: stageHash })
    .where(like(users.email, `%@${STAGE_VET_DOMAIN}`))
    .returning({ email: users.email });
  const renewed = new Set(stage.map((row) => row.email));
  const list = STAGE_VET_ACCOUNTS.filter((a) => renewed.has(a.email)).map((a) => `${a.email} (${a.stage})`);
  if (list.length > 0) print(`Demo vets at every stage, password ${stagePassword}: ${list.join(', ')}`);
}

/** `--prepare-data`: makes dist/first-start ('demo', then 'demo-import' on top of a copy of it; `withImport` false: 'demo' only). */
export async function makePreparedData(print: (line: string) => void, root = PREPARED_ROOT, withImport = true): Promise<void> {
  const started = Date.now();
  fs.rmSync(root, { recursive: true, force: true });
  const work = path.join(root, 'work');
  const prepare = async (demoImport: boolean) => {
    const database = await openDatabase({ dataDir: work, owner: 'the first-start data of npm install' });
    try {
      await prepareDatabase(database, { demoData: true, demoImport }, () => undefined);
    } finally {
      await database.close();
    }
  };
  await prepare(false);
  if (withImport) {
    fs.cpSync(work, path.join(root, 'demo'), { recursive: true, filter: (file) => !NOT_COPIED.has(path.basename(file)) });
    await prepare(true);
  }
  fs.rmSync(path.join(work, LOCK_FILE), { force: true });
  fs.renameSync(work, path.join(root, withImport ? 'demo-import' : 'demo'));
  const stamp: Stamp = { schema: schemaStamp(), madeAt: Date.now() };
  fs.writeFileSync(stampFile(root), JSON.stringify(stamp));
  print(`Prepared the first start's data (zip codes, demo content, demo practices) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
