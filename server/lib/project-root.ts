// The repository folder, found from this module's location: the same answer whether the server runs
// from its sources (server/…, through tsx in development and tests) or from the production bundle
// (dist/server/…), so files beside the sources (migrations, the built web app) are found either way.
import fs from 'node:fs';
import path from 'node:path';

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'server/db/migrations'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`cannot find the Animal Doctor folder above ${start}`);
  }
}

export const projectRoot = findRoot(import.meta.dirname);
