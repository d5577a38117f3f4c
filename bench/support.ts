// Shared by the benchmarks: starts the production server (the compiled bundle of `npm run build`)
// on a fresh DATA_DIR with demo data, and reads a process's resident memory.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../server/reliability/processes';

export const root = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** What the server printed so far. */
  output(): string;
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * The compiled server (`npm run build`) with demo data in a new DATA_DIR, unless `env` names one
 * (kept when it stops) or sets DEMO_DATA, DATABASE_URL or any other variable; `nodeArgs` go to node
 * before the bundle (V8 flags whose cost a benchmark measures).
 */
export async function startBenchServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<BenchServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ad-bench-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'on', ...env }, { bundle: true, detached: false, nodeArgs }).catch(
    (error: unknown) => {
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  const { child } = server;
  return {
    url: server.url,
    child,
    output: () => server.output(),
    rssMb: () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024),
    async stop() {
      await server.stop();
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join('/')}, Node ${process.version}`;
}
