// Start-up data preparation: the zip data set always (idempotent), demo content when DEMO_DATA is on.
import type { Config } from '../config';
import type { Database } from './client';
import { loadZipCodes } from './seed/zip-codes';
import { loadDemoData } from './seed/demo';
import { loadDemoPractices } from './seed/demo-practices';

export async function prepareDatabase(database: Database, config: Pick<Config, 'demoData' | 'demoImport'>, print: (line: string) => void): Promise<void> {
  const started = Date.now();
  const zips = await loadZipCodes(database.db);
  if (!zips.skipped) print(`Loaded ${zips.loaded} US zip codes in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (!config.demoData) return;
  const demo = await loadDemoData(database.db);
  if (config.demoImport) {
    const importStarted = Date.now();
    const practices = await loadDemoPractices(database.db);
    if (practices.loaded)
      print(
        `Imported ${practices.created} demo practices, unclaimed, in ${((Date.now() - importStarted) / 1000).toFixed(1)} s (server/db/seed/demo-practices.csv).`,
      );
  }
  if (!demo.loaded) return;
  print(`Loaded demo content: ${demo.practices} practices and ${demo.articles} articles (DEMO_DATA=off skips this on a new database).`);
  if (demo.adminPassword) {
    // Printed once, when the demo administrator is created; only its hash is stored.
    print(`Demo administrator: ${demo.adminEmail} / password: ${demo.adminPassword}`);
  } else {
    print(`Demo administrator: ${demo.adminEmail} already existed; its password was left unchanged.`);
  }
  if (demo.stageVets && demo.stageVets.accounts.length > 0) {
    // Printed once too: vets at every onboarding stage a newcomer can sign in as.
    const list = demo.stageVets.accounts.map((a) => `${a.email} (${a.stage})`).join(', ');
    print(`Demo vets at every stage, password ${demo.stageVets.password}: ${list}`);
  }
}
