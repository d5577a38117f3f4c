// Starts the real server as a child process on a free port with its own DATA_DIR, and stops it:
// the compiled server when the build is fresh (npm test and test:e2e build first), else tsx.
// The DATA_DIR starts as a copy of the run's prepared template (./global-setup.ts) when given one,
// so a test file does not pay for migrations, the zip load and the demo data.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEntry, waitUntilHealthy } from '../../../server/reliability/processes';

const root = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** A prepared data folder to copy (the server never writes to it); otherwise a new empty one. */
  template?: string;
  /** An already filled data folder to use as it is (the caller made it, e.g. a template copy). */
  dataDir?: string;
  /** Keep the data folder when the server stops (the template itself is made this way). */
  keepDataDir?: boolean;
}

/** A new data folder holding a copy of the template. */
export function copyTemplate(template: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-e2e-'));
  fs.cpSync(template, dataDir, { recursive: true, filter: (source) => path.basename(source) !== 'animal-doctor.lock' });
  return dataDir;
}

/** The compiled server of `npm run build` (what production runs, one process that starts in a
 *  fraction of tsx's time) when it is newer than every server source; else the sources through tsx. */
function serverCommand(): string[] {
  const { flags, entry } = serverEntry();
  return [process.execPath, ...flags, ...entry];
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (options.template ? copyTemplate(options.template) : fs.mkdtempSync(path.join(os.tmpdir(), 'ad-e2e-')));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const [program, ...args] = serverCommand();
  const child: ChildProcess = spawn(program!, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a signal reaches everything the server started.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await waitUntilHealthy(url, child, () => log);

  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // already gone
        }
      };
      if (child.exitCode === null) {
        signalGroup('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) signalGroup('SIGKILL');
      }
      if (!options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
