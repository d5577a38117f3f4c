// create-admin as a newcomer runs it: a real process on a fresh DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-admin-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };

function run(...args: string[]) {
  const result = spawnSync(tsx, ['scripts/create-admin.ts', ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run create-admin', () => {
  it('creates an administrator on a fresh DATA_DIR, then promotes on a second run', () => {
    const first = run('--email', 'Boss@Example.com', '--password', 'correct horse battery');
    expect(first).toMatchObject({ code: 0, out: 'create-admin: created administrator boss@example.com.' });
    const second = run('--email', 'boss@example.com', '--password', 'another long password');
    expect(second).toMatchObject({ code: 0, out: 'create-admin: boss@example.com is now an administrator (password updated).' });
  });

  it('refuses bad input with one clear line', () => {
    expect(run('--email', 'not-an-email', '--password', 'long enough pw')).toMatchObject({ code: 2, err: 'create-admin: "not-an-email" is not a valid e-mail address' });
    expect(run('--email', 'a@b.co', '--password', 'short')).toMatchObject({ code: 2, err: 'create-admin: the password must be 8 to 128 characters long' });
    expect(run('--email', 'a@b.co').code).toBe(2);
  });

  it('refuses to open a DATA_DIR another process holds', async () => {
    const holder = spawn(tsx, ['-e', `import('./server/db/data-dir-lock.ts').then(m => { m.lockDataDir(${JSON.stringify(dataDir)}, 'server'); console.log('locked'); setTimeout(() => {}, 60000); })`], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => holder.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve()));
    try {
      const result = run('--email', 'x@example.com', '--password', 'long enough pw');
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/^create-admin: .* is in use by another Animal Doctor process \(server, pid \d+\); stop it first or use another DATA_DIR$/);
    } finally {
      holder.kill('SIGKILL');
      holder.stdout!.destroy();
    }
  });
});
