// `npm run build && npm run bench:pglite-worker` (BENCH_DATA_DIR=folder to run on a seeded PGlite folder,
// e.g. one made by `npm run seed -- --doctors 100000`; by default a new folder with the demo data).
// Starts the compiled server on the same data folder with PGlite on the main thread (PGLITE_WORKER=off)
// and in its worker thread (the default), in turns, and measures the same requests against both with
// autocannon: a doctor search with the answer cache off (SEARCH_CACHE_SECONDS=0), a profile page (its
// first screen is read from the database and its view counted) and the profile call. Prints req/s,
// p99, the server's CPU ms per request and its memory for both, and the ratio worker / main thread
// (docs/decisions/092-pglite-in-a-worker-thread.md; figures in docs/performance.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machine, startBenchServer, type BenchServer } from './support';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const json = { 'content-type': 'application/json' };

const dataDir = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : fs.mkdtempSync(path.join(os.tmpdir(), 'ad-bench-worker-'));
const MODES = { 'main thread': 'off', worker: 'on' } as const;
type Mode = keyof typeof MODES;

function start(mode: Mode): Promise<BenchServer> {
  return startBenchServer({
    DATA_DIR: dataDir,
    DEMO_DATA: process.env.BENCH_DATA_DIR ? 'off' : 'on',
    PGLITE_WORKER: MODES[mode],
    RATE_LIMIT_PER_MINUTE: '1000000',
    PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
    SEARCH_CACHE_SECONDS: '0',
    // Counted profile views are written once at the end, not during the measurement.
    STATS_FLUSH_MS: '3600000',
  });
}

function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/** A listed vet: its profile page (from the sitemap) and id (from a search). */
async function pickVet(server: BenchServer): Promise<{ page: string; id: number }> {
  const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const child = /<loc>([^<]*\/sitemaps\/profiles-1\.xml)<\/loc>/.exec(index)?.[1];
  const urls = child ? await (await fetch(new URL(new URL(child).pathname, server.url))).text() : '';
  const page = [...urls.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((p) => p.startsWith('/viewdoctorprofile/'));
  const found = (await (await fetch(`${server.url}/api/doctors/search?searchZipCode=10001`)).json()) as { data: { id: number }[] };
  if (!page || !found.data[0]) throw new Error('no listed vet to measure: seed the data folder first');
  return { page, id: found.data[0].id };
}

interface Row {
  rps: number;
  p99: number;
  cpuMs: number;
  failed: number;
}

async function measure(server: BenchServer, requests: autocannon.Request[]): Promise<Row> {
  const options = { url: server.url, connections, requests };
  await autocannon({ ...options, duration: 2 }); // warm-up: plans, JIT, caches
  const before = cpuMs(server.child.pid!);
  const result = await autocannon({ ...options, duration });
  const total = Math.max(1, result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    cpuMs: (cpuMs(server.child.pid!) - before) / total,
    failed: result.non2xx + result.errors,
  };
}

const results = new Map<string, Row[]>();
const memory = new Map<Mode, number[]>();
console.log(`PGlite on the main thread and in a worker thread, ${connections} connections, ${duration} s per row, ${rounds} round(s); ${machine()}`);
for (let round = 0; round < rounds; round++) {
  for (const mode of Object.keys(MODES) as Mode[]) {
    const server = await start(mode);
    try {
      const vet = await pickVet(server);
      const cases: [string, autocannon.Request[]][] = [
        ['search, zip 10001 (cache off)', [{ method: 'GET', path: '/api/doctors/search?searchZipCode=10001' }]],
        ['profile page', [{ method: 'GET', path: vet.page }]],
        ['profile call (get-by-id)', [{ method: 'POST', path: '/api/doctors/get-by-id', headers: json, body: JSON.stringify({ id: vet.id }) }]],
      ];
      for (const [name, requests] of cases) {
        const row = await measure(server, requests);
        const key = `${name}|${mode}`;
        results.set(key, [...(results.get(key) ?? []), row]);
        console.log(
          `  ${mode.padEnd(11)} ${name.padEnd(30)} ${String(row.rps).padStart(6)} req/s  p99 ${row.p99} ms  ${row.cpuMs.toFixed(2)} CPU ms/req${row.failed ? `  ${row.failed} failed` : ''}`,
        );
      }
      memory.set(mode, [...(memory.get(mode) ?? []), server.rssMb()]);
    } finally {
      await server.stop();
    }
  }
}
if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('\n| request | main thread req/s | worker req/s | worker / main | p99 main / worker (ms) | CPU ms/req main / worker |');
console.log('|---|---|---|---|---|---|');
for (const name of new Set([...results.keys()].map((key) => key.split('|')[0]!))) {
  const main = results.get(`${name}|main thread`)!;
  const worker = results.get(`${name}|worker`)!;
  const [m, w] = [median(main.map((r) => r.rps)), median(worker.map((r) => r.rps))];
  console.log(
    `| ${name} | ${m} | ${w} | ${(w / m).toFixed(2)} | ${median(main.map((r) => r.p99))} / ${median(worker.map((r) => r.p99))} | ${median(main.map((r) => r.cpuMs)).toFixed(2)} / ${median(worker.map((r) => r.cpuMs)).toFixed(2)} |`,
  );
}
console.log(`| server memory after the run (MB) | ${median(memory.get('main thread')!)} | ${median(memory.get('worker')!)} | | | |`);
