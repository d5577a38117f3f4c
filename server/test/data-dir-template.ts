// A prepared PGlite data folder for the tests that start real server processes on PGlite (graceful
// shutdown, crash, SMTP outage): made once per run, in the background, by the server's own
// `--prepare-only` start (a new data folder, the migrations and the zip codes, no demo data), then
// copied for each test. A copy costs well under a second; preparing a folder costs a cold initdb,
// the migrations and the 42k-row zip load (tens of seconds on a busy 2-core machine). The first
// start on an empty DATA_DIR stays covered by server.test.ts, create-admin.test.ts and the browser
// tests' template (tests/e2e/support/global-setup.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverEntry } from '../reliability/processes';

const root = path.resolve(import.meta.dirname, '../..');
/** Set by the unit project's global setup (server/reliability/background.ts) for the workers and the scenario programs. */
export const TEMPLATE_ENV = 'AD_TEST_DATA_TEMPLATE';
/** The longest a test waits for the template (a cold prepare on a very busy machine). */
const WAIT_MS = 300_000;

/** Starts preparing the template in its own process; `<dir>/status` says `ok` (or why not) when it is done. */
export function startDataDirTemplate(): { dir: string; child: ChildProcess } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-template-'));
  const log = fs.openSync(path.join(dir, 'output.log'), 'w');
  // The compiled server when `npm test` has just built it (decision 135), else the sources.
  const { flags, entry } = serverEntry();
  const child = spawn(process.execPath, [...flags, ...entry, '--prepare-only'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', DEMO_DATA: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  child.once('exit', (code, signal) => {
    // Written whole, then renamed: a reader never sees a half-written status. A run shorter than the preparation
    // (a few quick files) has removed the folder by now, and nobody waits for it.
    try {
      fs.writeFileSync(path.join(dir, 'status.tmp'), code === 0 ? 'ok' : `exited with ${code ?? signal}`);
      fs.renameSync(path.join(dir, 'status.tmp'), path.join(dir, 'status'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  });
  return { dir, child };
}

/** A new data folder for a server process: a copy of the run's template when there is one, else empty. */
export async function preparedDataDir(prefix: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[TEMPLATE_ENV];
  if (!template) return dataDir;
  const statusFile = path.join(template, 'status');
  const deadline = Date.now() + WAIT_MS;
  while (!fs.existsSync(statusFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const status = fs.existsSync(statusFile) ? fs.readFileSync(statusFile, 'utf8') : 'not ready in time';
  if (status !== 'ok') {
    const log = path.join(template, 'output.log');
    throw new Error(`the prepared data folder failed (${status}):\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
  }
  fs.cpSync(path.join(template, 'data'), dataDir, { recursive: true, filter: (source) => path.basename(source) !== 'animal-doctor.lock' });
  return dataDir;
}
