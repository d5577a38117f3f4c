// `npm start`: builds the web app (for the browser and for the server's renderer) and the server when their sources are newer than the last build,
// then runs the compiled server in this same process (no TypeScript loader, no child process):
// docs/decisions/045-compiled-server-one-process.md.
// `node scripts/start.mjs --build-only` (package.json's `prepare`, which `npm install` and `npm ci` run) only builds, so
// that a fresh clone's first `npm start` finds the build done (docs/decisions/136-build-at-install.md), and the data its
// first start copies prepared (decision 161).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const buildOnly = process.argv.includes('--build-only');
// The server is last: it is the one this script runs. dist/ssr holds the web app's server entry (React renders pages).
const outputs = [path.join(root, 'dist/web/index.html'), path.join(root, 'dist/ssr/entry-server.js'), path.join(root, 'dist/server/server.js')];
// What goes into the build: the sources, the packages, and the build's own configuration and scripts.
const sources = ['web', 'shared', 'server', 'package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs', 'scripts/precompress.ts'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const sourcesMtime = Math.max(...sources.map((p) => newestMtime(path.join(root, p))));
const builtMtime = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (builtMtime < sourcesMtime) {
  if (buildOnly && !fs.existsSync(path.join(root, 'node_modules/vite'))) {
    // An install without the development packages (`npm ci --omit=dev`) cannot build; `npm start` says so later.
    console.log('Animal Doctor: the build tools are not installed, so nothing was built.');
    process.exit(0);
  }
  console.log('Building the web app and the server…');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
} else if (buildOnly) {
  console.log('Animal Doctor: the build is up to date.');
}
// The install also prepares the data a first start copies (zip codes, demo content, demo practices), made by the
// server it just built: server/db/prepared-data.ts, docs/decisions/161-first-start-from-prepared-data.md.
const stamp = path.join(root, 'dist/first-start/stamp.json');
if (buildOnly && (!fs.existsSync(stamp) || fs.statSync(stamp).mtimeMs < fs.statSync(outputs.at(-1)).mtimeMs)) {
  try {
    execFileSync(process.execPath, [outputs.at(-1), '--prepare-data'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    });
  } catch {
    // `npm start` then loads the data on a new data folder itself, as it always could.
    console.log('Animal Doctor: the data for the first start could not be prepared; the first start will load it.');
  }
}
if (!buildOnly) {
  process.env.NODE_ENV ??= 'production';
  await import(pathToFileURL(outputs.at(-1)).href);
}
