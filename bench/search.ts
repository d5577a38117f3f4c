// `npm run build && npm run bench:search -- --label "100k vets"` (DATABASE_URL for PostgreSQL, else PGlite
// in DATA_DIR, ./data by default). Starts the compiled server (bench/support.ts, rate limit raised) on a
// seeded database (`npm run seed`),
// then measures over loopback with autocannon: /api/health and five kinds of search (a dense zip,
// a sparse zip, a city, a state, a filtered search), each twice: repeated, as the cache serves it
// (SEARCH_CACHE_SECONDS=30), and with the cache off (SEARCH_CACHE_SECONDS=0), i.e. one SQL
// statement per request. Prints req/s, p50 and p99 and the ratio to /api/health on the same
// server; `--write-to FILE` also keeps the table in FILE under the label.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startBenchServer, type BenchServer } from './support';
const { values } = parseArgs({
  options: {
    label: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'write-to': { type: 'string' },
  },
});
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const label = values.label ?? engine;
const duration = Number(values.duration);
const connections = Number(values.connections);

// A stand-in URL for the case that sends each request to another of 1,000 zip codes (every 42nd US
// zip), as many people searching their own places do: answers then rarely repeat. The package also
// lists Canadian postal codes, which a US search refuses with 400: they are left out (until
// 2026-11-24 they were 32 of the 1,000, and 3 % of that row's answers were refusals).
const MANY_ZIPS = 'many-zips';
const require = createRequire(import.meta.url);
const zipList = Object.keys((require('zipcodes') as { codes: Record<string, unknown> }).codes)
  .filter((code) => /^\d{5}$/.test(code))
  .filter((_, i) => i % 42 === 0)
  .slice(0, 1000);

const CASES: [string, string][] = [
  ['health', '/api/health'],
  ['zip 10001 (dense), 25 mi', '/api/doctors/search?searchZipCode=10001'],
  ['zip 59801 (sparse), 25 mi', '/api/doctors/search?searchZipCode=59801'],
  ['city Chicago', '/api/doctors/search?searchCity=chicago'],
  ['state CA', '/api/doctors/search?searchState=CA'],
  ['1,000 different zips in turn, 25 mi', MANY_ZIPS],
  [
    'filtered: 10001, dogs, accepting, open now, 50 mi',
    '/api/doctors/search?searchZipCode=10001&radius=50&species=dog&accepting_new_patients=true&open_now=true',
  ],
];

interface Row {
  name: string;
  mode: 'cached' | 'uncached';
  rps: number;
  /** CPU time the server and its database spent per answered request, in ms. */
  cpuMs: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** The server on the seeded database, the search cache kept `cacheSeconds`, its search index loaded. */
async function startServer(cacheSeconds: number): Promise<BenchServer> {
  // BENCH_NODE_FLAGS: V8 flags for the server (e.g. --optimize-for-size), to measure their CPU cost.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const server = await startBenchServer(
    {
      DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DEMO_DATA: 'off',
      RATE_LIMIT_PER_MINUTE: '1000000',
      SEARCH_CACHE_SECONDS: String(cacheSeconds),
      ...(process.env.JWT_SECRET ? { JWT_SECRET: process.env.JWT_SECRET } : {}),
    },
    flags,
  );
  // The first search waits for the search index to load: done here, so no measurement pays for it.
  const first = await fetch(`${server.url}/api/doctors/search?searchZipCode=10001`);
  if (!first.ok) {
    await server.stop();
    throw new Error(`the first search answered ${first.status}`);
  }
  return server;
}

// CPU time, in ms, of the server process and (PostgreSQL) the backends serving its database: on a
// machine shared with other work, wall-clock rates fall with the load, but the CPU a request costs
// does not, so the table also shows it and the rate two idle cores could serve at that cost.
const TICK_MS = 10; // /proc times are in clock ticks of 1/100 s on Linux
function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

async function databaseBackends(): Promise<number[]> {
  if (!process.env.DATABASE_URL) return [];
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function cpuNow(server: BenchServer): Promise<Map<number, number>> {
  const pids = [server.child.pid!, ...(await databaseBackends())];
  return new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
}

async function measure(server: BenchServer, name: string, url: string, mode: Row['mode']): Promise<Row> {
  // A short warm-up fills caches and plans, then the measured run.
  let turn = 0;
  const options = {
    url: `${server.url}${url === MANY_ZIPS ? '/api/doctors/search?searchZipCode=10001' : url}`,
    connections,
    ...(url === MANY_ZIPS
      ? {
          requests: [
            { setupRequest: (request: autocannon.Request) => ({ ...request, path: `/api/doctors/search?searchZipCode=${zipList[turn++ % zipList.length]}` }) },
          ],
        }
      : {}),
  };
  await autocannon({ ...options, duration: 2 });
  const before = await cpuNow(server);
  const result = await autocannon({ ...options, duration });
  const after = await cpuNow(server);
  let cpu = 0;
  for (const [pid, ms] of after) cpu += ms - (before.get(pid) ?? 0);
  const requests = Math.max(1, result.requests.total);
  return {
    name,
    mode,
    rps: Math.round(result.requests.average),
    cpuMs: cpu / requests,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const rows: Row[] = [];
for (const [mode, seconds] of [
  ['uncached', 0],
  ['cached', 30],
] as const) {
  const server = await startServer(seconds);
  try {
    for (const [name, url] of CASES) {
      if (name === 'health' && mode === 'cached') continue;
      const row = await measure(server, name, url, mode);
      rows.push(row);
      console.log(
        `${mode.padEnd(9)} ${name.padEnd(52)} ${String(row.rps).padStart(6)} req/s  ${row.cpuMs.toFixed(2)} ms CPU/request  p50 ${row.p50} ms  p99 ${row.p99} ms${row.non2xx ? `  (${row.non2xx} failed)` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
}

const health = rows.find((r) => r.name === 'health')!;
/** Requests a second two cores could answer at the measured CPU cost (the load generator's share not counted). */
const capacity = (r: Row) => Math.round(2000 / Math.max(r.cpuMs, 0.01)).toLocaleString('en-US');
const date = new Date().toISOString().slice(0, 10);
const table = [
  `### ${label} (${engine}), ${date}`,
  '',
  `${connections} connections, ${duration} s per row, server and autocannon on the same 2-core machine shared with other engineers' builds and tests (load average ${os.loadavg()[0]!.toFixed(1)} at the end of the run), Node ${process.versions.node}. CPU ms/request is the server's and its database's CPU time per answered request; "req/s on 2 idle cores" is 2,000 ms divided by it.`,
  '',
  '| search | uncached req/s | p50 ms | p99 ms | CPU ms/request | req/s on 2 idle cores | cached req/s | p50 ms | p99 ms | CPU ms/request |',
  '|---|---|---|---|---|---|---|---|---|---|',
  `| /api/health | ${health.rps} | ${health.p50} | ${health.p99} | ${health.cpuMs.toFixed(2)} | ${capacity(health)} | | | | |`,
  ...CASES.slice(1).map(([name]) => {
    const u = rows.find((r) => r.name === name && r.mode === 'uncached')!;
    const c = rows.find((r) => r.name === name && r.mode === 'cached')!;
    return `| ${name} | ${u.rps} | ${u.p50} | ${u.p99} | ${u.cpuMs.toFixed(2)} | ${capacity(u)} | ${c.rps} | ${c.p50} | ${c.p99} | ${c.cpuMs.toFixed(2)} |`;
  }),
  '',
].join('\n');
console.log(`\n${table}`);

// `--write-to FILE` keeps the table in a Markdown file under its label (a lab notebook of one's own);
// docs/performance.md holds the current figures, copied in by hand.
const writeTo = values['write-to'];
if (writeTo) {
  const file = path.resolve(root, writeTo);
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const begin = `<!-- bench:search ${label} -->`;
  const end = `<!-- /bench:search ${label} -->`;
  const block = `${begin}\n${table}${end}`;
  if (doc.includes(begin))
    doc = doc.replace(new RegExp(`${begin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*?${end.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), block);
  else doc = `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
  console.log(`Written to ${writeTo} under "${label}".`);
}
