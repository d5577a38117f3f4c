// create-admin as a newcomer runs it: a real process on a fresh DATA_DIR.
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { verifyPassword } from '../server/lib/password';
import { pglitePassDone } from '../server/test/passes';

const root = path.resolve(import.meta.dirname, '..');
// One node process with tsx's loader, not the tsx command (which starts a second node process for each run).
const tsx = [process.execPath, '--import', 'tsx'] as const;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-admin-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };

function run(...args: string[]) {
  const result = spawnSync(tsx[0], [...tsx.slice(1), 'scripts/create-admin.ts', ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** The same, without waiting: runs that refuse before opening the database may go side by side. */
function runAsync(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return runWith(env, ...args);
}

function runWith(environment: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      tsx[0],
      [...tsx.slice(1), 'scripts/create-admin.ts', ...args],
      { cwd: root, env: environment, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        if (error && code === null) reject(error);
        else resolve({ code, out: stdout.trim(), err: stderr.trim() });
      },
    );
  });
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Processes of a process group that still run (zombies waiting for init do not count): none may outlive the test. */
function liveProcessesInGroup(pgid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(group) === pgid && state !== 'Z' ? [Number(entry)] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** Reads an account straight from the DATA_DIR, between runs (the lock is free then). */
async function readUser(email: string) {
  const database = await openDatabase({ dataDir, owner: 'test' });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return {
      manage_role: row!.manageRole,
      verify: row!.verify,
      status: row!.status,
      first_name: row!.firstName,
      last_name: row!.lastName,
      token_version: row!.tokenVersion,
      password_hash: row!.passwordHash,
    };
  } finally {
    await database.close();
  }
}

// These run on the embedded database (or none) whatever TEST_DATABASE_URL says: the PostgreSQL pass
// of npm test skips them, the PGlite pass of the same run ran them (server/test/passes.ts).
const embedded = it.skipIf(pglitePassDone);

// NOTE: each run is a fresh process that opens PGlite and migrates: allow for a busy machine.
describe('npm run create-admin', { timeout: 120_000 }, () => {
  embedded('creates an administrator on a fresh DATA_DIR, then updates it on a second run', async () => {
    const first = run('--email', 'Boss@Example.com', '--password', 'correct horse battery', '--first-name', 'Ada', '--last-name', 'Lovelace');
    expect(first).toMatchObject({ code: 0, out: 'create-admin: created administrator boss@example.com.' });
    const second = run('--email', 'boss@example.com', '--password', 'another long password');
    expect(second).toMatchObject({ code: 0, out: 'create-admin: boss@example.com was already an administrator (password updated).' });
    const admin = await readUser('boss@example.com');
    expect(admin).toMatchObject({ manage_role: 'admin', verify: true, first_name: 'Ada', last_name: 'Lovelace', token_version: 1 });
    expect(await verifyPassword(admin.password_hash, 'another long password')).toBe(true);
  });

  embedded('promotes an existing ordinary account, verifying and reactivating it', async () => {
    const database = await openDatabase({ dataDir, owner: 'test' });
    try {
      await database.db.insert(users).values({ email: 'member@example.com', passwordHash: 'x', firstName: 'Mia', lastName: 'Member', status: 'suspended' });
    } finally {
      await database.close();
    }
    const result = run('--email', 'member@example.com', '--password', 'a fresh password');
    expect(result).toMatchObject({ code: 0, out: 'create-admin: member@example.com is now an administrator (password updated, account reactivated).' });
    expect(await readUser('member@example.com')).toMatchObject({ manage_role: 'admin', verify: true, status: 'active', first_name: 'Mia' });
  });

  embedded('refuses bad input with one clear line and exit code 2', async () => {
    const [email, short, long, name, missing, unknown, common] = await Promise.all([
      runAsync('--email', 'not-an-email', '--password', 'long enough pw'),
      runAsync('--email', 'a@b.co', '--password', 'short'),
      runAsync('--email', 'a@b.co', '--password', 'x'.repeat(129)),
      runAsync('--email', 'a@b.co', '--password', 'long enough pw', '--first-name', ' '),
      runAsync('--email', 'a@b.co'),
      runAsync('--email', 'a@b.co', '--password', 'long enough pw', '--role', 'x'),
      runAsync('--email', 'a@b.co', '--password', 'password'),
    ]);
    expect(email).toMatchObject({ code: 2, err: 'create-admin: "not-an-email" is not a valid e-mail address' });
    // The sign-up rule (shared/lib/password-policy.ts), word for word.
    expect(short).toMatchObject({ code: 2, err: 'create-admin: The password must be at least 8 characters long.' });
    expect(long).toMatchObject({ code: 2, err: 'create-admin: The password must be at most 128 characters long.' });
    expect(common).toMatchObject({
      code: 2,
      err: 'create-admin: This password is one of the most common passwords and is easy to guess. Please choose another one.',
    });
    expect(name).toMatchObject({ code: 2, err: 'create-admin: --first-name must be 1 to 80 characters long' });
    expect(missing).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^create-admin: --email and --password are required; usage: npm run create-admin -- --email E --password P/),
    });
    expect(unknown).toMatchObject({ code: 2, err: expect.stringMatching(/^create-admin: Unknown option '--role'.*; usage: /) });
    for (const result of [missing, unknown]) expect(result.err.split('\n')).toHaveLength(1);
  });

  embedded('answers a bad configuration or an unreachable database with exit code 1 and one line', async () => {
    const args = ['--email', 'a@b.co', '--password', 'long enough pw'];
    const [config, unreachable] = await Promise.all([
      runWith({ ...env, DATABASE_URL: 'mysql://x' }, ...args),
      runWith({ ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, ...args),
    ]);
    expect(config).toMatchObject({ code: 1, err: 'create-admin: DATABASE_URL must start with postgres:// or postgresql://' });
    expect(unreachable).toMatchObject({ code: 1, err: 'create-admin: cannot update the database: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1' });
  });

  embedded('refuses to open a DATA_DIR another process holds, and takes over a stale lock', async () => {
    // Its own process group, so one signal stops it and anything it started.
    const holder = spawn(
      tsx[0],
      [
        ...tsx.slice(1),
        '-e',
        `import('./server/db/data-dir-lock.ts').then(m => { m.lockDataDir(${JSON.stringify(dataDir)}, 'server'); console.log('locked'); setTimeout(() => {}, 60000); })`,
      ],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
        detached: true,
      },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    try {
      await new Promise<void>((resolve) => holder.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve()));
      const result = await runAsync('--email', 'x@example.com', '--password', 'long enough pw');
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/^create-admin: .* is in use by another Animal Doctor process \(server, pid \d+\); stop it first or use another DATA_DIR$/);
    } finally {
      process.kill(-holder.pid!, 'SIGKILL');
      holder.stdout!.destroy();
      await exited;
    }
    // The holder died without releasing: its lock file names a dead process (perhaps a zombie not yet
    // reaped by init) and no longer blocks, at once.
    const lockFile = path.join(dataDir, 'animal-doctor.lock');
    const { pid } = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number };
    // Nothing of the holder may outlive the test (it would keep the test run from exiting).
    await expect.poll(() => liveProcessesInGroup(holder.pid!), { timeout: 2_000, message: `pid ${pid}` }).toEqual([]);
    const after = await runAsync('--email', 'x@example.com', '--password', 'long enough pw');
    expect(after, after.err).toMatchObject({ code: 0, out: 'create-admin: created administrator x@example.com.' });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('works the same on PostgreSQL with DATABASE_URL', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `ad_test_admin_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      const pgEnv = { ...env, DATABASE_URL: url.toString() };
      expect(await runWith(pgEnv, '--email', 'pg@example.com', '--password', 'long enough pw')).toMatchObject({
        code: 0,
        out: 'create-admin: created administrator pg@example.com.',
      });
      expect(await runWith(pgEnv, '--email', 'pg@example.com', '--password', 'long enough pw 2')).toMatchObject({
        code: 0,
        out: 'create-admin: pg@example.com was already an administrator (password updated).',
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
