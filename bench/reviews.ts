// `npm run build && npm run bench:reviews -- --label "100k vets, 1M reviews"` (DATABASE_URL for PostgreSQL,
// else PGlite in DATA_DIR, ./data by default) on a database seeded with reviews:
// `npm run seed -- --doctors 100000 --reviews 1000000 --profile-reviews 10000`.
// Ratings in search (docs/product.md 7.6; docs/decisions/101), side by side in one run: each kind of
// search plain, with min_rating=4, sorted by rating, and both, first with the answer cache off
// (SEARCH_CACHE_SECONDS=0; the 1,000-zip row varies the query on every request) and then cached. Then
// a profile with 10,000 published reviews (seed vet 10) against one with none (seed vet 50): the
// profile call, the server-rendered profile page (its structured data carries the rating and the
// newest reviews) and the first page of /api/reviews/list. Prints req/s, p50, p99 and CPU ms per
// request; `--write-to FILE` keeps the table in FILE under the label.
import os from 'node:os';
import path from 'node:path';
import { root } from './support';
import { openDatabase } from '../server/db/client';
import { benchArgs, capacity, manyZips, measureUncachedThenCached, writeTable, type Row } from './load';
import { rowsOf } from '../server/lib/sql-rows';

const { engine, label, load, writeTo } = benchArgs(8);

const zipList = manyZips;

/** The seeded vets with many reviews and with none (scripts/seed.ts), read before the server holds the database. */
async function seededProfiles(): Promise<{ many: number; none: number; reviews: number; vets: number }> {
  const database = await openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.resolve(root, process.env.DATA_DIR ?? 'data'), owner: 'bench' },
  );
  try {
    const rows = rowsOf<{ many: number | null; none: number | null; reviews: string; vets: string }>(
      await database.db.execute(
        `SELECT (SELECT id FROM users WHERE email = 'seed-10@seed.animaldoctor.local') AS many,
              (SELECT id FROM users WHERE email = 'seed-50@seed.animaldoctor.local') AS none,
              (SELECT coalesce(sum(rating_count), 0)::bigint FROM doctor_search) AS reviews,
              (SELECT count(*) FROM doctor_search) AS vets` as never,
      ),
    );
    const row = rows[0]!;
    if (!row.many || !row.none) throw new Error('seed vets 10 and 50 are missing: run npm run seed -- --doctors N --reviews M --profile-reviews 10000 first');
    return { many: row.many, none: row.none, reviews: Number(row.reviews), vets: Number(row.vets) };
  } finally {
    await database.close();
  }
}

const seeded = await seededProfiles();
console.log(`${seeded.vets} listed vets, ${seeded.reviews} published reviews; profile with many reviews: ${seeded.many}, with none: ${seeded.none}`);

const SEARCHES: [string, string[]][] = [
  ['zip 10001 (dense), 25 mi', ['/api/doctors/search?searchZipCode=10001']],
  ['1,000 different zips in turn, 25 mi', zipList.map((zip) => `/api/doctors/search?searchZipCode=${zip}`)],
  ['city Chicago', ['/api/doctors/search?searchCity=chicago']],
  ['state CA', ['/api/doctors/search?searchState=CA']],
];
const VARIANTS: [string, string][] = [
  ['', ''],
  [' + min_rating=4', '&min_rating=4'],
  [' + sort=rating', '&sort=rating'],
  [' + min_rating=4, sort=rating', '&min_rating=4&sort=rating'],
];
const PROFILES: [string, string[]][] = [
  ['profile call, 10,000 reviews', [`/api/doctors/get-by-id?id=${seeded.many}`]],
  ['profile call, no reviews', [`/api/doctors/get-by-id?id=${seeded.none}`]],
  ['profile page (HTML, JSON-LD), 10,000 reviews', [`/viewdoctorprofile/${seeded.many}`]],
  ['profile page (HTML, JSON-LD), no reviews', [`/viewdoctorprofile/${seeded.none}`]],
  ['/api/reviews/list first page, 10,000 reviews', [`/api/reviews/list?doctor_id=${seeded.many}`]],
  ['/api/reviews/list first page, no reviews', [`/api/reviews/list?doctor_id=${seeded.none}`]],
];
const CASES: [string, string[]][] = [
  ['health', ['/api/health']],
  ...SEARCHES.flatMap(([name, paths]) => VARIANTS.map(([more, query]): [string, string[]] => [`${name}${more}`, paths.map((p) => `${p}${query}`)])),
  ...PROFILES,
];

const rows = await measureUncachedThenCached(CASES, load);

const cell = (r: Row | undefined) => (r ? `${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuMs.toFixed(2)}` : 'n/a | | |');
const date = new Date().toISOString().slice(0, 10);
const table = [
  `### ${label} (${engine}), ${date}: ratings in search and long review lists`,
  '',
  `${seeded.vets.toLocaleString('en-US')} listed vets, ${seeded.reviews.toLocaleString('en-US')} published reviews. ${load.connections} connections, ${load.duration} s per row, server and autocannon on the same 2-core machine shared with other engineers' builds and tests (load average ${os.loadavg()[0]!.toFixed(1)} at the end of the run), Node ${process.versions.node}. CPU ms/request is the server's and its database's CPU time per answered request; "req/s on 2 idle cores" is 2,000 ms divided by it.`,
  '',
  '| request | uncached req/s | p50 ms | p99 ms | CPU ms/request | req/s on 2 idle cores | cached req/s | p50 ms | p99 ms | CPU ms/request |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...CASES.map(([name]) => {
    const u = rows.find((r) => r.name === name && r.mode === 'uncached');
    const c = rows.find((r) => r.name === name && r.mode === 'cached');
    return `| ${name} | ${cell(u)} | ${u ? capacity(u) : ''} | ${name === 'health' ? ' | | |' : cell(c)} |`;
  }),
  '',
].join('\n');
console.log(`\n${table}`);

if (writeTo) {
  writeTable(path.resolve(root, writeTo), 'reviews', label, table);
  console.log(`Written to ${writeTo} under "${label}".`);
}
