// `npm run bench:search -- --label "100k vets"` (DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR)
// Starts the server (a child process, rate limit raised) on a seeded database (`npm run seed`),
// then measures over loopback with autocannon: /api/health and five kinds of search (a dense zip,
// a sparse zip, a city, a state, a filtered search), each twice: repeated, as the cache serves it
// (SEARCH_CACHE_SECONDS=30), and with the cache off (SEARCH_CACHE_SECONDS=0), i.e. one SQL
// statement per request. Prints req/s, p50 and p99 and the ratio to /api/health on the same
// server, and writes the table into docs/performance.md under the label.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    label: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const label = values.label ?? engine;
const duration = Number(values.duration);
const connections = Number(values.connections);

const CASES: [string, string][] = [
  ['health', '/api/health'],
  ['zip 10001 (dense), 25 mi', '/api/doctors/search?searchZipCode=10001'],
  ['zip 59801 (sparse), 25 mi', '/api/doctors/search?searchZipCode=59801'],
  ['city Chicago', '/api/doctors/search?searchCity=chicago'],
  ['state CA', '/api/doctors/search?searchState=CA'],
  [
    'filtered: 10001, dogs, accepting, open now, 50 mi',
    '/api/doctors/search?searchZipCode=10001&radius=50&species=dog&accepting_new_patients=true&open_now=true',
  ],
];

interface Row {
  name: string;
  mode: 'cached' | 'uncached';
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function startServer(cacheSeconds: number, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '1000000',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      SEARCH_CACHE_SECONDS: String(cacheSeconds),
      JWT_SECRET: process.env.JWT_SECRET ?? 'bench-secret-bench-secret-bench-secret-0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    await new Promise((r) => setTimeout(r, 200));
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
  }
  throw new Error('the server did not start within 120 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

async function measure(port: number, name: string, url: string, mode: Row['mode']): Promise<Row> {
  // A short warm-up fills caches and plans, then the measured run.
  await autocannon({ url: `http://127.0.0.1:${port}${url}`, connections, duration: 2 });
  const result = await autocannon({ url: `http://127.0.0.1:${port}${url}`, connections, duration });
  return { name, mode, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

const port = 3900 + Math.floor(Math.random() * 90);
const rows: Row[] = [];
for (const [mode, seconds] of [
  ['uncached', 0],
  ['cached', 30],
] as const) {
  const server = await startServer(seconds, port);
  try {
    for (const [name, url] of CASES) {
      if (name === 'health' && mode === 'cached') continue;
      const row = await measure(port, name, url, mode);
      rows.push(row);
      console.log(
        `${mode.padEnd(9)} ${name.padEnd(52)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${row.non2xx ? `  (${row.non2xx} failed)` : ''}`,
      );
    }
  } finally {
    await stopServer(server);
  }
}

const health = rows.find((r) => r.name === 'health')!;
const date = new Date().toISOString().slice(0, 10);
const table = [
  `### ${label} (${engine}), ${date}`,
  '',
  `${connections} connections, ${duration} s per row, server and autocannon on the same 2-core machine shared with other engineers' builds and tests (load average ${os.loadavg()[0]!.toFixed(1)} at the end of the run), Node ${process.versions.node}.`,
  '',
  '| search | uncached req/s | p50 ms | p99 ms | ratio to health | cached req/s | p50 ms | p99 ms | ratio to health |',
  '|---|---|---|---|---|---|---|---|---|',
  `| /api/health | ${health.rps} | ${health.p50} | ${health.p99} | 1.00 | | | | |`,
  ...CASES.slice(1).map(([name]) => {
    const u = rows.find((r) => r.name === name && r.mode === 'uncached')!;
    const c = rows.find((r) => r.name === name && r.mode === 'cached')!;
    const ratio = (r: Row) => (r.rps / health.rps).toFixed(2);
    return `| ${name} | ${u.rps} | ${u.p50} | ${u.p99} | ${ratio(u)} | ${c.rps} | ${c.p50} | ${c.p99} | ${ratio(c)} |`;
  }),
  '',
].join('\n');
console.log(`\n${table}`);

if (!values['no-write']) {
  const file = path.join(root, 'docs/performance.md');
  let doc = fs.readFileSync(file, 'utf8');
  const begin = `<!-- bench:search ${label} -->`;
  const end = `<!-- /bench:search ${label} -->`;
  const block = `${begin}\n${table}${end}`;
  if (doc.includes(begin))
    doc = doc.replace(new RegExp(`${begin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*?${end.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), block);
  else doc = `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
  console.log(`Written to docs/performance.md under "${label}".`);
}
