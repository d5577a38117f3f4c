// `npm start`: builds the web app when its sources are newer than the last build, then runs the server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesMtime = Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'shared')));
if (!fs.existsSync(builtIndex) || fs.statSync(builtIndex).mtimeMs < sourcesMtime) {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import('../server/server');
