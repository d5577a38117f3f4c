// `DATABASE_URL=... npm run bench:search-cpu -- [--at 2026-11-24T01:00:00Z] [--rounds 2000]` (or DATA_DIR=<a copy>
// for PGlite): the search index's own CPU per search, in this process alone, with no HTTP, JSON or
// load generator on the same cores. Loads the index from a seeded database (`npm run seed`), runs each
// kind of search of bench/search.ts `rounds` times at one moment ('open now' depends on the hour: at
// 01:00 UTC it is evening in New York and few vets are open) and prints µs per search and the
// matches counted. Card rows are read from the database on the first round only, as a busy server
// keeps them. Figures: docs/performance.md, Search.
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client';
import { normalizeSearch, searchBody } from '../server/plugins/app/listing/doctor-search';
import { SearchIndex } from '../server/plugins/app/listing/search-index';
import { loadZipCodes } from '../server/db/seed/zip-codes';
import { systemClock } from '../server/lib/clock';
import type { DoctorSearchBody } from '../shared/schemas/doctor';

const { values } = parseArgs({ options: { at: { type: 'string' }, rounds: { type: 'string', default: '2000' } } });
const rounds = Number(values.rounds);
const moments = values.at ? [new Date(values.at)] : [new Date('2026-11-24T01:00:00Z'), new Date('2026-11-23T22:00:00Z')];

const body = searchBody;
const KINDS_BY_NAME = {
  'zip 10001 (dense), 25 mi': body({ searchZipCode: '10001' }),
  'zip 59801 (sparse), 25 mi': body({ searchZipCode: '59801' }),
  'city Chicago': body({ searchCity: 'chicago' }),
  'state CA': body({ searchState: 'CA' }),
};
const KINDS: [string, DoctorSearchBody][] = [
  ['zip 10001 (dense), 25 mi', body({ searchZipCode: '10001' })],
  ['zip 59801 (sparse), 25 mi', body({ searchZipCode: '59801' })],
  ['city Chicago', body({ searchCity: 'chicago' })],
  ['state CA', body({ searchState: 'CA' })],
  [
    'filtered: 10001, dogs, accepting, open now, 50 mi',
    body({ searchZipCode: '10001', radius: 50, species: ['dog'], accepting_new_patients: true, open_now: true }),
  ],
  ['10001, emergency, 100 mi', body({ searchZipCode: '10001', radius: 100, emergency: true })],
  // Ratings (docs/product.md 7.6; decision 101): each place with min_rating, sorted by rating, and both.
  ...(['zip 10001 (dense), 25 mi', 'zip 59801 (sparse), 25 mi', 'city Chicago', 'state CA'] as const).flatMap((name): [string, DoctorSearchBody][] => {
    const base = KINDS_BY_NAME[name];
    return [
      [`${name} + min_rating=4`, { ...base, min_rating: 4 }],
      [`${name} + sort=rating`, { ...base, sort: 'rating' }],
      [`${name} + min_rating=4, sort=rating`, { ...base, min_rating: 4, sort: 'rating' }],
    ];
  }),
  // A 'what' alone (no place; docs/product.md section 33), the words of bench/search.ts: service and species words,
  // then clinic-name words.
  ...['dental', 'exotic', 'rabbit', 'boarding', 'x-ray', 'surgery', 'bird', 'cat', 'hospital', 'animal clinic'].map((q): [string, DoctorSearchBody] => [
    `what alone: ${q}`,
    body({ q }),
  ]),
  ['zip 10001 + what: hospital', body({ searchZipCode: '10001', q: 'hospital' })],
  ['zip 10001 + what: rabbit', body({ searchZipCode: '10001', q: 'rabbit' })],
  ['zip 10001 + what: surgery', body({ searchZipCode: '10001', q: 'surgery' })],
  ['zip 10001 + what: exotic', body({ searchZipCode: '10001', q: 'exotic' })],
];

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? 'data' });
// The city and zip searches need the zip data set, which the server loads at start (server/db/prepare.ts).
await loadZipCodes(database.db);
const index = new SearchIndex(database, systemClock);
await index.load();
console.log(`${index.size} vets in the index (${database.engine})`);
for (const at of moments) {
  console.log(`\nat ${at.toISOString()}`);
  console.log('| search | µs per search | counted |');
  console.log('|---|---|---|');
  for (const [name, body] of KINDS) {
    const search = normalizeSearch(body);
    const first = await index.search(search, at);
    // Warm-up, then the measured rounds.
    for (let i = 0; i < Math.min(200, rounds); i++) await index.search(search, at);
    const start = process.cpuUsage();
    for (let i = 0; i < rounds; i++) await index.search(search, at);
    const used = process.cpuUsage(start);
    console.log(`| ${name} | ${((used.user + used.system) / rounds).toFixed(1)} | ${first.totalCount}${first.totalCountCapped ? '+' : ''} |`);
  }
}
await database.close();
