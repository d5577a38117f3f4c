// `npm run build` (last step): compiles the server to plain JavaScript in dist/server, so production
// runs one node process with no TypeScript loader (docs/decisions/045-compiled-server-one-process.md).
// Packages stay in node_modules (PGlite, argon2 and sharp load files beside their own modules);
// code splitting keeps lazily imported parts (the Stripe provider) out of the start-up path.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');
fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints: [path.join(root, 'server/server.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
// The files that went into the bundle: tests read them to know whether the bundle is older than its sources
// (server/reliability/processes.ts, compiledServerIsFresh).
fs.writeFileSync(path.join(outdir, 'inputs.json'), JSON.stringify(Object.keys(result.metafile.inputs)));
console.log(`Built dist/server/server.js in ${Date.now() - started} ms.`);
