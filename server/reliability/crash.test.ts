// Crashes (issue 15): the server process is killed with SIGKILL while 100 sign-ups are in flight.
// After a restart on the same data — with the dead process's DATA_DIR lock still on disk — every
// sign-up that was answered 2xx is there, and no account is half-written (each has its verification
// e-mail queued in the outbox, written in the same transaction). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { freshPostgresDatabase, signUp, startServerProcess, uniqueTag } from './processes';

const WRITES = 100;
const limits = { RATE_LIMIT_PER_MINUTE: '100000', MAIL_PER_CLIENT_PER_HOUR: '100000', MAIL_PER_ADDRESS_PER_DAY: '100000' };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function crashDuringSignUps(env: Record<string, string>, open: () => Promise<Database>) {
  const tag = uniqueTag();
  const server = await startServerProcess({ ...env, ...limits });
  const acknowledged: string[] = [];
  let answered = 0;
  let killAt: () => void = () => undefined;
  const killed = new Promise<void>((resolve) => (killAt = resolve));
  const writes = Array.from({ length: WRITES }, async (_, i) => {
    const email = `crash-${tag}-${i}@example.com`;
    try {
      const status = await signUp(server.url, email);
      if (status >= 200 && status < 300) acknowledged.push(email);
      // Kill once a fifth has been answered: the rest are in flight or queued.
      if (++answered === WRITES / 5) killAt();
    } catch {
      // The connection died with the process: not acknowledged.
    }
  });
  await Promise.race([killed, Promise.all(writes)]);
  server.signal('SIGKILL');
  await Promise.all(writes);
  expect((await server.exited).signal).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThan(0);

  // The restart is not blocked by the dead process's lock file.
  const again = await startServerProcess({ ...env, ...limits });
  const health = await fetch(`${again.url}/api/health`);
  expect(health.status).toBe(200);
  // One acknowledged account signs in through the restarted server.
  const login = await fetch(`${again.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: acknowledged[0], password: 'Correct-Horse-Battery-9' }),
  });
  expect([200, 201]).toContain(login.status);
  await again.stop();

  const database = await open();
  try {
    const stored = await rows<{ email: string; queued: number }>(
      database,
      sql`select u.email, (select count(*)::int from email_outbox o where o.to_address = u.email) as queued from users u where u.email like ${`crash-${tag}-%`}`,
    );
    const emails = new Set(stored.map((r) => r.email));
    expect(acknowledged.filter((e) => !emails.has(e))).toEqual([]);
    expect(stored.filter((r) => r.queued !== 1)).toEqual([]);
    return { acknowledged: acknowledged.length, stored: stored.length };
  } finally {
    await database.close();
  }
}

describe('SIGKILL during 100 concurrent sign-ups', () => {
  it('keeps every acknowledged account and no half-written one on PGlite, and restarts past the stale lock', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-crash-'));
    dirs.push(dataDir);
    const result = await crashDuringSignUps({ DATA_DIR: dataDir }, () => openDatabase({ dataDir, owner: 'crash test' }));
    console.log(`PGlite crash: ${result.acknowledged} acknowledged, ${result.stored} stored`);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('keeps every acknowledged account and no half-written one on PostgreSQL', { timeout: 240_000 }, async () => {
    const databaseUrl = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'crash');
    const result = await crashDuringSignUps({ DATABASE_URL: databaseUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ad-crash-')) }, () =>
      openDatabase({ databaseUrl, poolSize: 2 }),
    );
    console.log(`PostgreSQL crash: ${result.acknowledged} acknowledged, ${result.stored} stored`);
  });
});
