// After `vite build`: writes .br and .gz beside every text asset so the server sends them precompressed.
// The files are compressed side by side on libuv's thread pool (brotli at quality 11 is most of the
// build's CPU), so both cores work: `npm install` builds (decision 136).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const outDir = path.resolve(import.meta.dirname, '../dist/web');
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const work = [...files(outDir)]
  .filter((file) => compressible.test(file))
  .map((file) => ({ file, body: fs.readFileSync(file) }))
  .filter(({ body }) => body.length >= 1024);
await Promise.all(
  work.map(async ({ file, body }) => {
    const [br, gz] = await Promise.all([brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip(body, { level: 9 })]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
  }),
);
console.log(`precompressed ${work.length} files in dist/web`);
