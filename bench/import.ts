// `npm run bench:import -- --rows 100000` (PGlite in a fresh test data folder; TEST_DATABASE_URL for
// PostgreSQL): imports a generated CSV of N practices through POST /api/admin/import while searches keep
// running, and prints how long the import took, rows a second, and the searches' p50/p99/max during it
// (docs/product.md section 20: 100,000 rows in under two minutes while searches keep answering).
import { buildTestApp } from '../server/test/helper';
import { createAccount, injectAs } from '../server/test/factories';
import { formBody } from '../server/test/import-fixtures';
import { loadZipCodes, usZipRows } from '../server/db/seed/zip-codes';
import { toCsv } from '../shared/csv';
import { IMPORT_COLUMNS } from '../shared/constants/import';
import type { ImportStatus } from '../shared/schemas/import-claim';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = arg('rows', 100_000);

const app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', SEARCH_CACHE_SECONDS: '0', LOG_LEVEL: 'warn' });
const zipStarted = Date.now();
await loadZipCodes(app.database.db);
console.log(`zip codes loaded in ${((Date.now() - zipStarted) / 1000).toFixed(1)} s`);
const admin = await createAccount(app, { stage: 'admin' });

// N practices at real zip codes, every phone different (area codes 201 upwards, 555-1000 to 555-9999).
const zips = usZipRows();
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const rows = Array.from({ length: ROWS }, (_, i) => {
  const z = zips[Math.floor(next() * zips.length)]!;
  return [
    `bench-${i}`,
    `Bench Animal Clinic ${i}`,
    `${100 + (i % 900)} Main St`,
    z.city,
    z.state,
    z.zip,
    `(${201 + Math.floor(i / 9000)}) 555-${1000 + (i % 9000)}`,
    i % 3 ? `https://clinic-${i}.example` : '',
    'dogs;cats',
    'Wellness exams;Vaccinations',
    '',
    '',
  ];
});
const file = Buffer.from(toCsv(IMPORT_COLUMNS, rows));
console.log(`file: ${ROWS} rows, ${(file.length / 1e6).toFixed(1)} MB`);

// Searches around random zips, one after another, for as long as the import runs.
const latencies: number[] = [];
let importing = true;
const searching = (async () => {
  while (importing) {
    const zip = zips[Math.floor(next() * zips.length)]!.zip;
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url: `/api/doctors/search?searchZipCode=${zip}` });
    if (answer.statusCode !== 200 && answer.statusCode !== 400) throw new Error(`search answered ${answer.statusCode}`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();

const started = performance.now();
const answer = await injectAs(app, admin.token, {
  url: '/api/admin/import',
  ...formBody({}, { field: 'file', name: 'bench.csv', type: 'text/csv', bytes: file }),
});
if (answer.statusCode !== 200) throw new Error(answer.body);
console.log(`answered { id } in ${(performance.now() - started).toFixed(0)} ms`);
const { id } = answer.json<{ id: number }>();
let status: ImportStatus;
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  status = (await injectAs(app, admin.token, { url: '/api/admin/import-status', payload: { id } })).json<ImportStatus>();
  console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${status.done}/${status.total} rows, ${status.created} created`);
  if (status.state !== 'running') break;
}
const seconds = (performance.now() - started) / 1000;
importing = false;
await searching;
const sorted = latencies.sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
console.log(`\nimport: ${status.state}, ${status.created} created, ${status.updated} updated, ${status.skipped} skipped`);
console.log(`${ROWS} rows in ${seconds.toFixed(1)} s: ${Math.round(ROWS / seconds)} rows/s`);
console.log(`searches during the import: ${sorted.length}, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
await app.close();
