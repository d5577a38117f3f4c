// Real server processes for the reliability tests: `tsx server/server.ts` with its own environment,
// started in its own process group so SIGKILL and SIGTERM reach the node process itself.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal to the whole group (tsx and the node process it runs). */
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Node's own TypeScript loader flag keeps this one node process (no tsx parent process).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'reliability-secret-reliability-secret-01',
      REDIS_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${log}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => log,
    exited,
    signal,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        signal('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        signal('SIGKILL');
      }
    },
  };
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, for processes to share. */
export async function freshPostgresDatabase(baseUrl: string, label: string): Promise<string> {
  const name = `ad_rel_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueTag(): string {
  return Math.random().toString(36).slice(2, 10);
}

export async function signUp(url: string, email: string, extra: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Crash', last_name: 'Tester', email, password: 'Correct-Horse-Battery-9', ...extra }),
  });
  await res.arrayBuffer();
  return res.status;
}
