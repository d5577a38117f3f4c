// `npm run build && [DATABASE_URL=postgres://...] npm run bench:memory -- [--data-dir DIR] [--node-flags=--trace-gc --log FILE] [--gc]`
// Resident memory of the production server on PGlite, step by step: after start-up, after the
// search index has loaded (the first search waits for it), after a warm-up of pages and searches,
// and idle a few seconds later. With --data-dir the folder is COPIED first (e.g. one filled by
// `npm run seed -- --doctors 100000`) and never changed; without it a new folder with the demo data.
// Per step: VmRSS and its peak so far (VmHWM), and from inside the server (bench/memory-probe.mjs)
// V8's heap, external memory and PGlite's WebAssembly memory. Figures: docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machine, root, startBenchServer } from './support';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    rounds: { type: 'string', default: '30' },
    gc: { type: 'boolean' },
    log: { type: 'string' },
  },
});
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-memory-'));
const dataDir = path.join(work, 'data');
if (values['data-dir']) fs.cpSync(values['data-dir'], dataDir, { recursive: true });
const probeFile = path.join(work, 'probe.jsonl');
const nodeArgs = [
  ...values['node-flags']!.split(' ').filter(Boolean),
  ...(values.gc ? ['--expose-gc'] : []),
  '--import',
  path.join(root, 'bench/memory-probe.mjs'),
];
// With DATABASE_URL set, the server reads that (filled) PostgreSQL database instead: the 1M figure.
const databaseUrl = process.env.DATABASE_URL ?? '';
const server = await startBenchServer(
  {
    DATA_DIR: dataDir,
    MEMORY_PROBE_FILE: probeFile,
    MEMORY_PROBE_GC: values.gc ? 'on' : 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DEMO_DATA: 'off' } : {}),
  },
  nodeArgs,
);

const status = () => fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
const kb = (name: string) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status())?.[1] ?? 0) / 1024);
// A WebAssembly memory is one mapping of exactly its size; only the pages PostgreSQL has touched
// are resident, and that is what PGlite's heap costs.
function wasmResidentMb(sizes: number[]): number {
  let total = 0;
  for (const block of fs.readFileSync(`/proc/${server.child.pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const size = Number(/\nSize:\s+(\d+)/.exec(block)?.[1] ?? 0) * 1024;
    if (sizes.includes(size)) total += Number(/\nRss:\s+(\d+)/.exec(block)?.[1] ?? 0);
  }
  return Math.round(total / 1024);
}
// Resident memory by kind of mapping: V8's heap pages (anonymous, 256 KB each), other anonymous
// mappings (malloc arenas of threads, large objects, WebAssembly), the main malloc heap, the node
// binary, other files (shared libraries).
function residentByKind(): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const block of fs.readFileSync(`/proc/${server.child.pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const name = block.split('\n')[0]!.trim().split(/\s+/)[5] ?? '';
    const size = Number(/\nSize:\s+(\d+)/.exec(block)?.[1] ?? 0);
    const rss = Number(/\nRss:\s+(\d+)/.exec(block)?.[1] ?? 0);
    const kind =
      name === ''
        ? size === 256
          ? 'V8 pages'
          : size > 1024
            ? 'anonymous > 1 MB'
            : 'anonymous small'
        : name === '[heap]'
          ? 'malloc heap'
          : name === process.execPath
            ? 'node binary'
            : 'other';
    kinds[kind] = (kinds[kind] ?? 0) + rss;
  }
  return Object.fromEntries(Object.entries(kinds).map(([kind, kb]) => [kind, Math.round(kb / 1024)]));
}
/** The anonymous mappings over 1 MB with the most resident, as "resident/size MB" (a malloc arena of a thread is 64 MB). */
function largestAnonymous(count = 12): string[] {
  const found: { size: number; rss: number }[] = [];
  for (const block of fs.readFileSync(`/proc/${server.child.pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const name = block.split('\n')[0]!.trim().split(/\s+/)[5] ?? '';
    const size = Number(/\nSize:\s+(\d+)/.exec(block)?.[1] ?? 0);
    if (name === '' && size > 1024) found.push({ size, rss: Number(/\nRss:\s+(\d+)/.exec(block)?.[1] ?? 0) });
  }
  return found
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map(({ size, rss }) => `${Math.round(rss / 1024)}/${Math.round(size / 1024)}`);
}
const steps: { step: string; ms: number; rss: number; hwm: number; wasmRss: number; probe: Record<string, unknown> }[] = [];
const started = Date.now();
async function step(name: string): Promise<void> {
  const lines = () => (fs.existsSync(probeFile) ? fs.readFileSync(probeFile, 'utf8').trim().split('\n').filter(Boolean).length : 0);
  const before = lines();
  const rss = kb('VmRSS');
  const hwm = kb('VmHWM');
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 100 && lines() === before; i++) await new Promise((r) => setTimeout(r, 50));
  const probe = JSON.parse(fs.readFileSync(probeFile, 'utf8').trim().split('\n').at(-1)!) as Record<string, unknown>;
  const wasmRss = wasmResidentMb(probe.wasmBytes as number[]);
  steps.push({ step: name, ms: Date.now() - started, rss, hwm, wasmRss, probe });
}

const get = (url: string) => fetch(`${server.url}${url}`).then((r) => r.arrayBuffer());
await step('started');
const first = Date.now();
const found = (await (await fetch(`${server.url}/api/doctors/search?searchZipCode=10001`)).json()) as { data: { id: number }[] };
const firstSearchMs = Date.now() - first;
await step('index loaded (first search)');
const ids = found.data.map((d) => d.id);
const zips = ['10001', '94103', '60601', '73301', '33101', '98101', '59801', '02108', '30301', '80202'];
const places = ['searchCity=chicago', 'searchState=CA', 'searchCity=houston', 'searchState=NY', 'searchCity=seattle'];
for (let i = 0; i < Number(values.rounds); i++) {
  await get('/');
  await get('/home');
  await get('/api/articles/search');
  await get(`/api/doctors/search?searchZipCode=${zips[i % zips.length]}`);
  await get(`/api/doctors/search?searchZipCode=${zips[(i + 3) % zips.length]}&radius=50&species=dog`);
  await get(`/api/doctors/search?${places[i % places.length]}&page=${1 + (i % 3)}`);
  if (ids.length) await get(`/api/doctors/get-by-id?id=${ids[i % ids.length]}`);
}
await step(`warm-up (${values.rounds} rounds)`);
await new Promise((r) => setTimeout(r, 5_000));
await step('idle 5 s later');
const endKinds = residentByKind();
const endLargest = largestAnonymous();
// The server's standard output (e.g. --trace-gc lines) into a file.
if (values.log) fs.writeFileSync(values.log, server.output());
await server.stop();
fs.rmSync(work, { recursive: true, force: true });

console.log(
  `\nServer memory — ${new Date().toISOString()} — ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : values['data-dir'] ? `copy of ${values['data-dir']}` : 'new data folder, demo data'} — node flags: ${values['node-flags'] || '(none)'} — ${machine()}`,
);
console.log(`first search (waits for the index) ${firstSearchMs} ms`);
console.log(
  '| step | RSS MB | peak RSS MB | heap used / total MB | external MB (array buffers) | WASM MB (resident) | after a full GC: heap used / total, RSS |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const { step: name, rss, hwm, wasmRss, probe: p } of steps) {
  const gc = p.afterGc as Record<string, number> | undefined;
  console.log(
    `| ${name} | ${rss} | ${hwm} | ${p.heapUsed as number} / ${p.heapTotal as number} | ${p.external as number} (${p.arrayBuffers as number}) | ${(p.wasmBytes as number[]).map((b) => Math.round(b / 2 ** 20)).join(' + ')} (${wasmRss}) | ${gc ? `${gc.heapUsed} / ${gc.heapTotal}, ${gc.rss}` : ''} |`,
  );
}
console.log('Resident by mapping at the end (MB):', JSON.stringify(endKinds));
console.log('Largest anonymous mappings at the end, resident/size MB:', endLargest.join(', '));
console.log('V8 spaces at the last step (MB):', JSON.stringify((steps.at(-1)!.probe as { spaces: unknown }).spaces));
