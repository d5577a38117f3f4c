// `npm run build && npm run bench:search -- --label "100k vets"` (DATABASE_URL for PostgreSQL, else PGlite
// in DATA_DIR, ./data by default). Starts the compiled server (bench/support.ts, rate limit raised) on a
// seeded database (`npm run seed`),
// then measures over loopback with autocannon: /api/health and five kinds of search (a dense zip,
// a sparse zip, a city, a state, a filtered search), each twice: repeated, as the cache serves it
// (SEARCH_CACHE_SECONDS=30), and with the cache off (SEARCH_CACHE_SECONDS=0), i.e. one SQL
// statement per request. Prints req/s, p50 and p99 and the ratio to /api/health on the same
// server; `--write-to FILE` also keeps the table in FILE under the label.
import os from 'node:os';
import path from 'node:path';
import { root } from './support';
import { benchArgs, capacity, manyZips, measureUncachedThenCached, writeTable } from './load';
const { engine, label, load, writeTo } = benchArgs(10);
const { duration, connections } = load;

// A stand-in URL for the case that asks another of 1,000 zip codes each request (bench/load.ts).
const MANY_ZIPS = 'many-zips';
const zipList = manyZips;

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

const rows = await measureUncachedThenCached(
  CASES.map(([name, url]): [string, string[]] => [name, url === MANY_ZIPS ? zipList.map((zip) => `/api/doctors/search?searchZipCode=${zip}`) : [url]]),
  load,
);

const health = rows.find((r) => r.name === 'health')!;
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
if (writeTo) {
  writeTable(path.resolve(root, writeTo), 'search', label, table);
  console.log(`Written to ${writeTo} under "${label}".`);
}
