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
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { root } from './support';
import { capacity, measure, printRow, startSeededServer, writeTable, type Row } from './load';
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

const rows: Row[] = [];
for (const [mode, seconds] of [
  ['uncached', 0],
  ['cached', 30],
] as const) {
  const server = await startSeededServer(seconds);
  try {
    for (const [name, url] of CASES) {
      if (name === 'health' && mode === 'cached') continue;
      const paths = url === MANY_ZIPS ? zipList.map((zip) => `/api/doctors/search?searchZipCode=${zip}`) : [url];
      const row = await measure(server, name, paths, mode, { duration, connections });
      rows.push(row);
      printRow(row);
    }
  } finally {
    await server.stop();
  }
}

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
const writeTo = values['write-to'];
if (writeTo) {
  writeTable(path.resolve(root, writeTo), 'search', label, table);
  console.log(`Written to ${writeTo} under "${label}".`);
}
