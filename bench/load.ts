// Shared by bench/search.ts and bench/reviews.ts: the compiled server on the seeded database, and one
// autocannon run over loopback with the CPU time the server (and, on PostgreSQL, its database
// backends) spent per answered request. On a machine shared with other work, wall-clock rates fall
// with the load, but the CPU a request costs does not, so the tables show both.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startBenchServer, type BenchServer } from './support';

/**
 * The command line every HTTP bench takes: `--label`, `--duration` (s a row), `--connections`, `--write-to FILE`,
 * and the bench's own options in `extra` (name and default, read as text).
 */
export function benchArgs<K extends string = never>(defaultDuration: number, extra: Partial<Record<K, string>> = {}) {
  const own = Object.fromEntries(Object.entries(extra).map(([name, value]) => [name, { type: 'string' as const, default: value as string }]));
  const { values } = parseArgs({
    options: {
      label: { type: 'string' },
      duration: { type: 'string', default: String(defaultDuration) },
      connections: { type: 'string', default: '10' },
      'write-to': { type: 'string' },
      ...own,
    },
  });
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  return {
    engine,
    label: values.label ?? engine,
    load: { duration: Number(values.duration), connections: Number(values.connections) },
    writeTo: values['write-to'],
    options: Object.fromEntries(Object.keys(extra).map((name) => [name, String((values as Record<string, unknown>)[name])])) as Record<K, string>,
  };
}

// The search that goes to another of 1,000 zip codes each request (every 42nd US zip), as many people
// searching their own places do: answers then rarely repeat. The package also lists Canadian postal
// codes, which a US search refuses with 400: they are left out.
const require = createRequire(import.meta.url);
export const manyZips = Object.keys((require('zipcodes') as { codes: Record<string, unknown> }).codes)
  .filter((code) => /^\d{5}$/.test(code))
  .filter((_, i) => i % 42 === 0)
  .slice(0, 1000);

export interface Row {
  name: string;
  mode: 'cached' | 'uncached';
  rps: number;
  /** CPU time the server and its database spent per answered request, in ms. */
  cpuMs: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** The server on the seeded database, the answer caches kept `cacheSeconds`, its search index loaded. */
export async function startSeededServer(cacheSeconds: number): Promise<BenchServer> {
  // BENCH_NODE_FLAGS: V8 flags for the server (e.g. --optimize-for-size), to measure their CPU cost.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const server = await startBenchServer(
    {
      DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DEMO_DATA: 'off',
      // Cached answers come at over 25,000 a second from one address: more than a million a minute.
      RATE_LIMIT_PER_MINUTE: '100000000',
      PAGE_RATE_LIMIT_PER_MINUTE: '100000000',
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

/** A request a case makes: a GET path, or a POST with a JSON body (what the web app sends: a map box, a 'what'). */
export type BenchRequest = string | { path: string; body: unknown };

/** How a request goes out, for a probe before the run and for autocannon. */
export function requestParts(request: BenchRequest): { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  if (typeof request === 'string') return { path: request, method: 'GET', headers: {} };
  return { path: request.path, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) };
}

/**
 * A short warm-up, then `duration` seconds of `connections` connections asking for `paths` in turn
 * (one path: the same request each time; many: as many people asking different things).
 */
export async function measure(
  server: BenchServer,
  name: string,
  paths: BenchRequest[],
  mode: Row['mode'],
  { duration, connections }: { duration: number; connections: number },
): Promise<Row> {
  let turn = 0;
  const first = requestParts(paths[0]!);
  const options = {
    url: `${server.url}${first.path}`,
    connections,
    method: first.method,
    headers: first.headers,
    ...(first.body ? { body: first.body } : {}),
    ...(paths.length > 1
      ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...requestParts(paths[turn++ % paths.length]!) }) }] }
      : {}),
  };
  // Every request of a varying case once first (its zip codes looked up and kept), so the first varying case of a
  // run does not pay for the lookups the next ones then find done; then a short warm-up of the mix.
  if (paths.length > 1) await autocannon({ ...options, amount: paths.length });
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

export function printRow(row: Row): void {
  console.log(
    `${row.mode.padEnd(9)} ${row.name.padEnd(60)} ${String(row.rps).padStart(6)} req/s  ${row.cpuMs.toFixed(2)} ms CPU/request  p50 ${row.p50} ms  p99 ${row.p99} ms${row.non2xx ? `  (${row.non2xx} failed)` : ''}`,
  );
}

/** Requests a second two cores could answer at the measured CPU cost (the load generator's share not counted). */
export const capacity = (r: Row) => Math.round(2000 / Math.max(r.cpuMs, 0.01)).toLocaleString('en-US');

/** `--write-to FILE` keeps a table in a Markdown file under its label (a lab notebook of one's own). */
export function writeTable(file: string, kind: string, label: string, table: string): void {
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const begin = `<!-- bench:${kind} ${label} -->`;
  const end = `<!-- /bench:${kind} ${label} -->`;
  const block = `${begin}\n${table}${end}`;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (doc.includes(begin)) doc = doc.replace(new RegExp(`${escape(begin)}[\\s\\S]*?${escape(end)}`), block);
  else doc = `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
}

/**
 * Each case measured twice, first with the answer cache off (SEARCH_CACHE_SECONDS=0) and then cached, on a
 * fresh compiled server each time; /api/health ('health') only uncached. A case whose first answer is not
 * 2xx is left out with a line saying so.
 */
export async function measureUncachedThenCached(cases: [string, BenchRequest[]][], load: { duration: number; connections: number }): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [mode, seconds] of [
    ['uncached', 0],
    ['cached', 30],
  ] as const) {
    const server = await startSeededServer(seconds);
    try {
      for (const [name, paths] of cases) {
        if (name === 'health' && mode === 'cached') continue;
        const { path: probePath, ...init } = requestParts(paths[0]!);
        const probe = await fetch(`${server.url}${probePath}`, init);
        if (!probe.ok) {
          console.log(`${mode.padEnd(9)} ${name}: answered ${probe.status}, left out`);
          continue;
        }
        const row = await measure(server, name, paths, mode, load);
        rows.push(row);
        printRow(row);
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}
