// Soak: 200 concurrent clients for 60 s, twice, over a realistic mix (searches, profiles, articles, sign-ins)
// against the production server on PGlite with the demo data: errors, p99, memory before and after.
// Run: npm run build && npm run bench:soak   (BENCH_SECONDS, BENCH_CONNECTIONS to change the load;
// BENCH_DATA_DIR=folder runs on a COPY of that data folder, e.g. one with 100k seeded vets)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { machine, startBenchServer } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const PASSWORD = 'Correct-Horse-Battery-9';
const json = { 'content-type': 'application/json' };

const copy = process.env.BENCH_DATA_DIR ? fs.mkdtempSync(path.join(os.tmpdir(), 'ad-soak-')) : undefined;
if (copy) fs.cpSync(process.env.BENCH_DATA_DIR!, copy, { recursive: true });
const server = await startBenchServer({
  RATE_LIMIT_PER_MINUTE: '1000000',
  PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_ATTEMPTS_PER_ADDRESS: '1000000',
  MAIL_PER_CLIENT_PER_HOUR: '1000000',
  ...(copy ? { DATA_DIR: copy } : {}),
});
// Sign-ins are spread over many people's accounts, as on a real site. All of them on one account
// would be that account signing in a hundred times at once, which the per-account limit
// (decision 011) rightly refuses with 429 as an attack.
const ACCOUNTS = 50;
const stamp = Date.now();
const emails = Array.from({ length: ACCOUNTS }, (_, n) => `soak-${stamp}-${n}@example.com`);
for (const email of emails) {
  const registered = await fetch(`${server.url}/api/user/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ first_name: 'Soak', last_name: 'User', email, password: PASSWORD }),
  });
  if (!registered.ok) throw new Error(`registering ${email} answered ${registered.status}`);
}
let signIns = 0;
const found = (await (
  await fetch(`${server.url}/api/doctors/search`, { method: 'POST', headers: json, body: JSON.stringify({ searchZipCode: '10001', searchCount: 10 }) })
).json()) as { data: { id: number }[] };
const ids = found.data.map((d) => d.id);
const zips = ['10001', '94103', '60601', '73301', '33101', '98101'];

// Warm-up (pages, searches), then memory before.
for (let i = 0; i < 50; i++) {
  await fetch(`${server.url}/`).then((r) => r.arrayBuffer());
  await fetch(`${server.url}/api/doctors/search`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ searchZipCode: zips[i % zips.length], searchCount: 10 }),
  }).then((r) => r.arrayBuffer());
}
const before = server.rssMb();

// The mix: 40 % searches, 25 % profiles, 20 % articles, 10 % pages, 5 % sign-ins.
const requests: autocannon.Request[] = [];
for (let i = 0; i < 100; i++) {
  const r = i % 20;
  if (r < 8)
    requests.push({
      method: 'POST',
      path: '/api/doctors/search',
      headers: json,
      body: JSON.stringify({ searchZipCode: zips[i % zips.length], searchCount: 10, radius: 25 }),
    });
  else if (r < 13)
    requests.push({ method: 'POST', path: '/api/doctors/get-by-id', headers: json, body: JSON.stringify({ id: ids[i % Math.max(1, ids.length)] ?? 1 }) });
  else if (r < 17) requests.push({ method: 'GET', path: '/api/articles/search' });
  else if (r < 19) requests.push({ method: 'GET', path: i % 2 ? '/' : '/home' });
  else
    requests.push({
      method: 'POST',
      path: '/api/user/login',
      headers: json,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: emails[signIns++ % ACCOUNTS], password: PASSWORD }) }),
    });
}
// Two equal rounds: the first grows the heap to what 200 requests in flight need; a leak shows as
// further growth in the second.
const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests });
await new Promise((r) => setTimeout(r, 3_000));
const after = server.rssMb();
const second = await autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests });
await new Promise((r) => setTimeout(r, 3_000));
const afterSecond = server.rssMb();
await server.stop();
if (copy) fs.rmSync(copy, { recursive: true, force: true });

console.log(`\nSoak — ${new Date().toISOString()} — ${process.env.BENCH_DATA_DIR ? `copy of ${process.env.BENCH_DATA_DIR}` : 'demo data'} — ${machine()}`);
console.log('| measure | value |\n| --- | --- |');
console.log(`| clients × seconds | ${CONNECTIONS} × ${SECONDS}, twice |`);
for (const [name, run] of [
  ['first round', result],
  ['second round', second],
] as const) {
  console.log(`| ${name}: requests (a second) | ${run.requests.total} (${run.requests.average}) |`);
  console.log(`| ${name}: errors (timeouts) / non-2xx | ${run.errors} (${run.timeouts}) / ${run.non2xx} ${JSON.stringify(run.statusCodeStats)} |`);
  console.log(`| ${name}: latency p50 / p99 / max | ${run.latency.p50} / ${run.latency.p99} / ${run.latency.max} ms |`);
}
console.log(`| server RSS before / after the first round / after the second | ${before} MB / ${after} MB / ${afterSecond} MB |`);
if ([result, second].some((run) => run.errors + run.timeouts + run.non2xx > 0)) process.exitCode = 1;
