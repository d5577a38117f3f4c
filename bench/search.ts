// `npm run build && npm run bench:search -- --label "100k vets"` (DATABASE_URL for PostgreSQL, else PGlite
// in DATA_DIR, ./data by default). Starts the compiled server (bench/support.ts, rate limit raised) on a
// seeded database (`npm run seed`),
// then measures over loopback with autocannon: /api/health and kinds of search (a dense zip,
// a sparse zip, a city, a state, a filtered search, and the finding cases: 1,000 zips in the recommended order
// and by distance, with a 'what', a 'what' alone, 1,000 map boxes), each twice: repeated, as the cache serves it
// (SEARCH_CACHE_SECONDS=30), and with the cache off (SEARCH_CACHE_SECONDS=0), i.e. one SQL
// statement per request. Prints req/s, p50 and p99 and the ratio to /api/health on the same
// server; `--write-to FILE` also keeps the table in FILE under the label.
import os from 'node:os';
import path from 'node:path';
import { root } from './support';
import { createRequire } from 'node:module';
import { benchArgs, capacity, manyZips, measureUncachedThenCached, writeTable, type BenchRequest } from './load';
const { engine, label, load, writeTo } = benchArgs(10);
const { duration, connections } = load;

// The 1,000 zip codes the varying cases ask in turn (bench/load.ts).
const zipList = manyZips;

// Finding the right vet (docs/product.md section 33): the recommended order (every search's default), a 'what'
// with and without a place, and a map box, each over queries that vary, beside the order by distance that was
// the zip search's default before.
const WHAT_WORDS = ['dental', 'exotic', 'rabbit', 'boarding', 'x-ray', 'surgery', 'bird', 'cat', 'hospital', 'animal clinic'];
const require = createRequire(import.meta.url);
const lookup = (require('zipcodes') as { lookup(zip: string): { latitude: number; longitude: number } | undefined }).lookup;
/** A box about 14 miles tall and wide around each zip code, as a phone's map shows a town. */
const boxes: BenchRequest[] = zipList.flatMap((zip) => {
  const at = lookup(zip);
  if (!at) return [];
  const bounds = { north: at.latitude + 0.1, south: at.latitude - 0.1, east: at.longitude + 0.13, west: at.longitude - 0.13 };
  return [{ path: '/api/doctors/search', body: { bounds, searchCount: 10, searchStart: 0 } }];
});

const CASES: [string, BenchRequest[]][] = [
  ['health', ['/api/health']],
  ['zip 10001 (dense), 25 mi', ['/api/doctors/search?searchZipCode=10001']],
  ['zip 59801 (sparse), 25 mi', ['/api/doctors/search?searchZipCode=59801']],
  ['city Chicago', ['/api/doctors/search?searchCity=chicago']],
  ['city Chicago, by name', ['/api/doctors/search?searchCity=chicago&sort=name']],
  ['state CA', ['/api/doctors/search?searchState=CA']],
  ['1,000 different zips in turn, 25 mi', zipList.map((zip) => `/api/doctors/search?searchZipCode=${zip}`)],
  ['1,000 zips, by distance', zipList.map((zip) => `/api/doctors/search?searchZipCode=${zip}&sort=distance`)],
  ['1,000 zips with a what', zipList.map((zip, i) => `/api/doctors/search?searchZipCode=${zip}&q=${encodeURIComponent(WHAT_WORDS[i % WHAT_WORDS.length]!)}`)],
  ['a what alone (10 words)', WHAT_WORDS.map((word) => `/api/doctors/search?q=${encodeURIComponent(word)}`)],
  ['1,000 map boxes (14 mi)', boxes],
  [
    'filtered: 10001, dogs, accepting, open now, 50 mi',
    ['/api/doctors/search?searchZipCode=10001&radius=50&species=dog&accepting_new_patients=true&open_now=true'],
  ],
];

const rows = await measureUncachedThenCached(CASES, load);

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
  ...ratioLines(),
  '',
].join('\n');
console.log(`\n${table}`);

/** The finding cases beside the order by distance over the same 1,000 zips, uncached (issue: at least 0.8). */
function ratioLines(): string[] {
  const base = rows.find((r) => r.name === '1,000 zips, by distance' && r.mode === 'uncached');
  if (!base) return [];
  return ['1,000 different zips in turn, 25 mi', '1,000 zips with a what', '1,000 map boxes (14 mi)', 'city Chicago'].flatMap((name) => {
    const row = rows.find((r) => r.name === name && r.mode === 'uncached');
    const against = name === 'city Chicago' ? rows.find((r) => r.name === 'city Chicago, by name' && r.mode === 'uncached') : base;
    if (!row || !against) return [];
    return [`- ${name} ÷ ${against.name}: ${(row.rps / against.rps).toFixed(2)} of the rate, ${(row.cpuMs / against.cpuMs).toFixed(2)} of the CPU a request`];
  });
}

// `--write-to FILE` keeps the table in a Markdown file under its label (a lab notebook of one's own);
// docs/performance.md holds the current figures, copied in by hand.
if (writeTo) {
  writeTable(path.resolve(root, writeTo), 'search', label, table);
  console.log(`Written to ${writeTo} under "${label}".`);
}
