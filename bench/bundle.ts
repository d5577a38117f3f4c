// Prints the JavaScript (gzip) a phone downloads to show each public route: the entry chunk and
// its static imports, plus the route's lazy page chunk and its static imports. Run after a build:
//   npm run build && npm run bench:bundle
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist/web');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const TARGET_KB = 200;

const ROUTES: Record<string, string> = {
  '/home': 'features/home/pages/home-page.tsx',
  '/searchdoctor': 'features/doctors/pages/search-doctor-page.tsx',
  '/viewdoctorprofile/:id': 'features/doctors/pages/doctor-profile-page.tsx',
  '/blogpage': 'features/blog/pages/blog-page.tsx',
  '/singlepost/:id': 'features/blog/pages/single-post-page.tsx',
  '/ai-blogpage': 'features/blog/pages/ai-blog-page.tsx',
  '/services': 'features/payment/pages/services-page.tsx',
  '/aboutus': 'features/content/pages/about-page.tsx',
  '/signin': 'features/auth/pages/signin-page.tsx',
  '/signup': 'features/auth/pages/signup-page.tsx',
};

const gzipSize = new Map<string, number>();
function gz(file: string): number {
  if (!gzipSize.has(file)) gzipSize.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipSize.get(file)!;
}

function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const entryFiles = closure(entryKey);
const entryKb = [...entryFiles].reduce((sum, f) => sum + gz(f), 0) / 1024;

console.log(`entry (every page): ${entryKb.toFixed(1)} KB gzip in ${entryFiles.size} file(s)`);
console.log('');
console.log('route                      JS gzip KB   files   ratio to 200 KB target');
let worst = 0;
for (const [route, source] of Object.entries(ROUTES)) {
  const files = closure(source, new Set(entryFiles));
  const kb = [...files].reduce((sum, f) => sum + gz(f), 0) / 1024;
  worst = Math.max(worst, kb);
  console.log(`${route.padEnd(26)} ${kb.toFixed(1).padStart(10)}   ${String(files.size).padStart(5)}   ${(kb / TARGET_KB).toFixed(2)}`);
}
console.log('');
console.log(`largest public route: ${worst.toFixed(1)} KB gzip (${((worst / TARGET_KB) * 100).toFixed(0)} % of target)`);
