// The server process as an operator meets it: config errors, the DATA_DIR lock, clean shutdown.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEntry } from './reliability/processes';

const root = path.resolve(import.meta.dirname, '..');
// What `npm start` runs when `npm test` has just built it (decision 135), else the sources through tsx's loader.
const { flags, entry } = serverEntry();
const server = [...flags, ...entry];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-server-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const baseEnv = { ...process.env, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'production', DEMO_DATA: 'off', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

// NOTE: the process loads the zip data into a fresh DATA_DIR: allow for a busy machine.
describe('server process', { timeout: 120_000 }, () => {
  it('stops with one line naming a malformed variable', () => {
    const result = spawnSync(process.execPath, server, { cwd: root, env: { ...baseEnv, PORT: 'abc', DATA_DIR: dataDir }, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Animal Doctor cannot start: PORT must be a whole number, got "abc"');
  });

  it('serves health, refuses a second process on the same DATA_DIR, and closes cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = spawn(process.execPath, server, {
      cwd: root,
      env: { ...baseEnv, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    first.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));

    let healthy = false;
    // Up to 100 s (within the test's 120 s): a fresh DATA_DIR's first start took over 60 s at load 12.
    const deadline = Date.now() + 100_000;
    while (!healthy && Date.now() < deadline) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 250));
    }
    expect(healthy).toBe(true);
    expect(output).toContain(`Animal Doctor is running at http://127.0.0.1:${port} (database: pglite)`);

    const second = spawnSync(process.execPath, server, {
      cwd: root,
      env: { ...baseEnv, PORT: String(await freePort()), DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toMatch(
      /^Animal Doctor cannot start: .* is in use by another Animal Doctor process \(server, pid \d+\); stop it first or use another DATA_DIR$/,
    );

    first.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'animal-doctor.lock'))).toBe(false);
    // NOTE: a cold PGlite open plus the zip load takes seconds, much longer on a busy machine.
  }, 120_000);
});
