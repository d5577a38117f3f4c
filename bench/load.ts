// Shared by bench/search.ts and bench/reviews.ts: the compiled server on the seeded database, and one
// autocannon run over loopback with the CPU time the server (and, on PostgreSQL, its database
// backends) spent per answered request. On a machine shared with other work, wall-clock rates fall
// with the load, but the CPU a request costs does not, so the tables show both.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startBenchServer, type BenchServer } from './support';

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
      RATE_LIMIT_PER_MINUTE: '1000000',
      PAGE_RATE_LIMIT_PER_MINUTE: '1000000',
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

/**
 * A short warm-up, then `duration` seconds of `connections` connections asking for `paths` in turn
 * (one path: the same request each time; many: as many people asking different things).
 */
export async function measure(
  server: BenchServer,
  name: string,
  paths: string[],
  mode: Row['mode'],
  { duration, connections }: { duration: number; connections: number },
): Promise<Row> {
  let turn = 0;
  const options = {
    url: `${server.url}${paths[0]}`,
    connections,
    ...(paths.length > 1 ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[turn++ % paths.length]! }) }] } : {}),
  };
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
