// Shared by the benchmarks: starts the production server (the compiled bundle of `npm run build`)
// on a fresh DATA_DIR with demo data, and reads a process's resident memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/reliability/processes';

export const root = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const bundle = path.join(root, 'dist/server/server.js');
  if (!fs.existsSync(bundle)) throw new Error('No build found: run `npm run build` first.');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ad-bench-'));
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    rssMb: () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
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
