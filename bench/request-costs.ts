// `npm run build && npm run bench:request-costs` (BENCH_DATA_DIR=folder to run on that PGlite folder):
// each kind of request of the soak's mix (bench/soak.ts) alone against the compiled server with the
// demo data: req/s, the server's CPU ms per request, p99 and the answer's size. It tells which
// kind a soak spends its CPU on. Searches are repeated, so they come from the answer cache, as most
// of the soak's do. Figures: docs/performance.md, Soak.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startBenchServer } from './support';
const json = { 'content-type': 'application/json' };
const PASSWORD = 'Correct-Horse-Battery-9';
const server = await startBenchServer({
  RATE_LIMIT_PER_MINUTE: '1000000',
  PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_ATTEMPTS_PER_ADDRESS: '1000000',
  ...(process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {}),
});
const email = `costs-${Date.now()}@example.com`;
await fetch(`${server.url}/api/user/register`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ first_name: 'Cost', last_name: 'Probe', email, password: PASSWORD }),
});
const found = (await (
  await fetch(`${server.url}/api/doctors/search`, { method: 'POST', headers: json, body: JSON.stringify({ searchZipCode: '10001', searchCount: 10 }) })
).json()) as { data: { id: number }[] };
const ids = found.data.map((d) => d.id);
// The server's CPU time in ms (/proc counts clock ticks of 10 ms).
const cpu = () => {
  const fields = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const kinds: [string, autocannon.Request[]][] = [
  ['search', [{ method: 'POST', path: '/api/doctors/search', headers: json, body: JSON.stringify({ searchZipCode: '10001', searchCount: 10, radius: 25 }) }]],
  ['profile', ids.map((id) => ({ method: 'POST', path: '/api/doctors/get-by-id', headers: json, body: JSON.stringify({ id }) }))],
  ['articles', [{ method: 'GET', path: '/api/articles/search' }]],
  ['page /', [{ method: 'GET', path: '/' }]],
  ['page /home', [{ method: 'GET', path: '/home' }]],
  ['sign-in', [{ method: 'POST', path: '/api/user/login', headers: json, body: JSON.stringify({ email, password: PASSWORD }) }]],
];
for (const [name, requests] of kinds) {
  await autocannon({ url: server.url, connections: 4, duration: 1, requests });
  const c0 = cpu();
  // Two connections for sign-ins: one argon2 hash per core at a time (server/lib/password.ts).
  const r = await autocannon({ url: server.url, connections: name === 'sign-in' ? 2 : 10, duration: 5, requests });
  const used = cpu() - c0;
  console.log(
    `${name.padEnd(12)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  ${(used / r.requests.total).toFixed(2)} ms CPU/req  p99 ${r.latency.p99} ms  non2xx ${r.non2xx} bytes/req ${Math.round(r.throughput.total / r.requests.total)}`,
  );
}
await server.stop();
