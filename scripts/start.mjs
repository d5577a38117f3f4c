// `npm start`: builds the web app (for the browser and for the server's renderer) and the server when their sources are newer than the last build,
// then runs the compiled server in this same process (no TypeScript loader, no child process):
// docs/decisions/045-compiled-server-one-process.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// The server is last: it is the one this script runs. dist/ssr holds the web app's server entry (React renders pages).
const outputs = [path.join(root, 'dist/web/index.html'), path.join(root, 'dist/ssr/entry-server.js'), path.join(root, 'dist/server/server.js')];

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const sourcesMtime = Math.max(...['web', 'shared', 'server', 'package-lock.json'].map((p) => newestMtime(path.join(root, p))));
const builtMtime = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (builtMtime < sourcesMtime) {
  console.log('Building the web app and the server…');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(outputs.at(-1)).href);
