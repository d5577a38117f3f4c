// Real server processes for the reliability tests and the benchmarks (bench/support.ts): the server
// with its own environment, from source (`--import tsx server/server.ts`) or as the compiled bundle of
// `npm run build`, by default in its own process group so SIGKILL and SIGTERM reach the node process itself.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { TokenService } from '../plugins/app/auth/tokens';
import { ChangeBus } from '../plugins/app/listing/changes';
import { MALLOC_ENV, NODE_FLAGS } from '../runtime';

const root = path.resolve(import.meta.dirname, '../..');
/** The JWT secret every server process of these tests signs with. */
export const JWT_SECRET = 'reliability-secret-reliability-secret-01';

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
  /** Sends a signal to the server (to its whole process group when detached). */
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

let compiledIsFresh: boolean | undefined;
/**
 * Whether dist/server/server.js (`npm run build`) is newer than every file that went into it (the list
 * scripts/build-server.mjs writes beside it), so a test may start it instead of the sources: the same
 * code, without compiling hundreds of modules through tsx at each start (about 3 times the CPU of the
 * bundle's start). `npm test` builds before the unit passes for this (docs/decisions/135-ci-shares-the-build.md).
 * Checked once per process.
 */
export function compiledServerIsFresh(): boolean {
  if (compiledIsFresh !== undefined) return compiledIsFresh;
  const compiled = path.join(root, 'dist/server/server.js');
  const inputsFile = path.join(root, 'dist/server/inputs.json');
  if (!fs.existsSync(compiled) || !fs.existsSync(inputsFile)) return (compiledIsFresh = false);
  const builtAt = fs.statSync(compiled).mtimeMs;
  const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8')) as string[];
  compiledIsFresh = inputs.every((input) => {
    const file = path.join(root, input);
    return fs.existsSync(file) && fs.statSync(file).mtimeMs <= builtAt;
  });
  return compiledIsFresh;
}

/**
 * node's arguments that run the server: the compiled bundle with production's node flags when it is
 * fresh (or `bundle` asks for it), else the sources through tsx's loader in this one node process.
 */
export function serverEntry(bundle: boolean | 'when-fresh' = 'when-fresh'): { flags: string[]; entry: string[]; compiled: boolean } {
  const compiled = bundle === true || (bundle === 'when-fresh' && compiledServerIsFresh());
  return compiled
    ? { flags: [...NODE_FLAGS], entry: ['dist/server/server.js'], compiled }
    : { flags: [], entry: ['--import', 'tsx', 'server/server.ts'], compiled };
}

export interface ServerProcessOptions {
  /**
   * true: run the compiled bundle of `npm run build` (dist/server/server.js), as production does;
   * false: the sources; 'when-fresh' (the default): the bundle when it is newer than every source.
   */
  bundle?: boolean | 'when-fresh';
  /**
   * Its own process group (the default), so a signal reaches the whole group; false keeps it in this
   * process's group, so Ctrl+C on a benchmark stops its server too.
   */
  detached?: boolean;
  /** Arguments for node before the entry point (V8 flags). */
  nodeArgs?: string[];
}

/**
 * Starts the server on a free port with production settings, no demo data, no Redis and the embedded
 * database unless `env` says otherwise, and answers once /api/health does (within two minutes).
 */
export async function startServerProcess(env: Record<string, string>, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const { bundle = 'when-fresh', detached = true, nodeArgs = [] } = options;
  const { flags, entry, compiled } = serverEntry(bundle);
  if (compiled && !fs.existsSync(path.join(root, 'dist/server/server.js'))) throw new Error('No build found: run `npm run build` first.');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Node's own TypeScript loader flag keeps this one node process (no tsx parent process).
  // The compiled server runs as `npm start` runs it (server/runtime.ts); the caller's flags come after and win.
  const child = spawn(process.execPath, [...flags, ...nodeArgs, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      ...(compiled ? MALLOC_ENV : {}),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      REDIS_URL: '',
      DATABASE_URL: '',
      // A production server on PostgreSQL must name its payments (server/config.ts): these run the sandbox unless given Stripe.
      ...(env.STRIPE_SECRET_KEY ? {} : { PAYMENTS: 'sandbox' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const signal = (s: NodeJS.Signals) => {
    try {
      if (detached) process.kill(-child.pid!, s);
      else child.kill(s);
    } catch {
      // already gone
    }
  };
  await waitUntilHealthy(url, child, () => log);
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

/** Waits until a started server answers /api/health, two minutes at most; throws with its output when it exits first or never answers. */
export async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await new Promise((r) => setTimeout(r, 200)); // let the last output arrive
      throw new Error(`server exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output()}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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

/** What the test factories (server/test/factories.ts) need of an app — its database and token
 *  service — for a database the server processes use: accounts made here sign in on them. */
export function factoryTarget(database: Database): FastifyInstance {
  // Its own announcements reach no server: what factories write is written behind the servers' backs.
  return { database, tokens: new TokenService(new TextEncoder().encode(JWT_SECRET)), changes: new ChangeBus() } as unknown as FastifyInstance;
}
