// `npm run restore` as an operator meets its refusals: a real process, one plain line each, exit code not 0,
// and the folder left as it was. Restoring itself is tested in server/plugins/app/backups/routes/backup.test.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// One node process with tsx's loader, not the tsx command (which starts a second node process for each run).
const tsx = [process.execPath, '--import', 'tsx'] as const;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-restore-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function run(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    execFile(
      tsx[0],
      [...tsx.slice(1), 'scripts/restore.ts', ...args],
      { cwd: root, env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env }, timeout: 60_000 },
      (error, _out, err) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, err: String(err).trim() }),
    );
  });
}

describe('npm run restore', () => {
  it('refuses without --file, without a file, on PostgreSQL, and into a folder that holds data', async () => {
    const full = path.join(folder, 'full');
    fs.mkdirSync(path.join(full, 'pgdata'), { recursive: true });
    const file = path.join(folder, 'backup.tar.gz');
    fs.writeFileSync(file, 'not really a backup');
    const [noFlag, noFile, postgres, held] = await Promise.all([
      run({ DATA_DIR: path.join(folder, 'a') }),
      run({ DATA_DIR: path.join(folder, 'b') }, '--file', path.join(folder, 'missing.tar.gz')),
      run({ DATA_DIR: path.join(folder, 'c'), DATABASE_URL: 'postgres://x@127.0.0.1:1/x' }, '--file', file),
      run({ DATA_DIR: full }, '--file', file),
    ]);
    expect(noFlag).toEqual({ code: 2, err: expect.stringMatching(/^restore: --file is required; usage: npm run restore -- --file /) });
    expect(noFile).toEqual({ code: 1, err: `restore: There is no backup file at ${path.join(folder, 'missing.tar.gz')}.` });
    expect(postgres).toEqual({ code: 2, err: expect.stringContaining('restore: DATABASE_URL is set') });
    expect(held).toEqual({
      code: 1,
      err: `restore: ${full} already holds data (pgdata). A restore fills an empty folder only: set DATA_DIR to a new folder, or move this one away first.`,
    });
    expect(fs.readdirSync(full)).toEqual(['pgdata']);
    for (const name of ['a', 'b', 'c']) expect(fs.existsSync(path.join(folder, name, 'pgdata'))).toBe(false);
  });
});
