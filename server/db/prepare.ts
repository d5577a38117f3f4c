// Start-up data preparation: the zip data set always (idempotent), demo content when DEMO_DATA is on.
import type { Config } from '../config';
import type { Database } from './client';
import { loadZipCodes } from './seed/zip-codes';
import { loadDemoData } from './seed/demo';

export async function prepareDatabase(database: Database, config: Config, print: (line: string) => void): Promise<void> {
  const zips = await loadZipCodes(database.db);
  if (!zips.skipped) print(`Loaded ${zips.loaded} US zip codes.`);
  if (!config.demoData) return;
  const demo = await loadDemoData(database.db);
  if (demo.loaded) {
    print('Loaded demo practices and articles.');
    // Printed once, when the demo administrator is created; it is never stored in plain text.
    print(`Demo administrator: ${demo.adminEmail} / password: ${demo.adminPassword}`);
  }
}
