// The embedded database in its worker thread (docs/decisions/092-pglite-in-a-worker-thread.md): drizzle's
// calls, transactions, statements from many requests at once, a statement over the time limit, and a
// data folder opened again after the thread was ended. PGlite only: the PostgreSQL pass skips it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../app';
import { fastifyOptions } from '../fastify-options';
import { DomainError } from '../lib/domain-error';
import { testConfig } from '../test/helper';
import { pglitePassDone } from '../test/passes';
import { openDatabase, type Database } from './client';
import { newsletterSubscribers } from './schema';

// Long enough for PGlite to count for minutes, so it can only end by the time limit.
const LONG_STATEMENT = sql`select count(*) from generate_series(1, 2000000000)`;

/** The 503 refusal drizzle wraps (as the cause of its own error) when a statement ran over the limit. */
function refusal(error: unknown): DomainError | undefined {
  const cause = (error as { cause?: unknown }).cause;
  return error instanceof DomainError ? error : cause instanceof DomainError ? cause : undefined;
}

/** The rows of `db.execute` (its result type is the engine's own). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const logged: string[] = [];
const log = (line: string) => logged.push(line);

describe.skipIf(pglitePassDone)('PGlite in a worker thread', () => {
  let image: Blob;
  let database: Database;
  beforeAll(async () => {
    const migrated = await openDatabase({});
    image = await (migrated.db as unknown as { $client: { dumpDataDir(): Promise<Blob> } }).$client.dumpDataDir();
    await migrated.close();
    database = await openDatabase({ image, statementTimeoutMs: 5000, log });
  }, 120_000);
  afterAll(() => database?.close());

  it('answers drizzle queries, and a failing statement with PostgreSQL’s error code', async () => {
    const { db } = database;
    await db.insert(newsletterSubscribers).values({ email: 'query@example.com', unsubscribeToken: 'token-query' });
    const rows = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'query@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    const raw = await db.execute(sql`select 41 + 1 as n, date '2026-01-02' as day`);
    expect(rowsOf(raw)).toEqual([{ n: 42, day: '2026-01-02' }]);
    const duplicate = await db
      .insert(newsletterSubscribers)
      .values({ email: 'query@example.com', unsubscribeToken: 'token-query-2' })
      .catch((error: unknown) => error as { cause?: { code?: string; constraint?: string } });
    expect(duplicate).toMatchObject({ cause: { code: '23505' } });
  });

  it('commits a transaction, rolls one back when it throws, and rolls back to a savepoint inside one', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(newsletterSubscribers).values({ email: 'kept@example.com', unsubscribeToken: 'token-kept' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(newsletterSubscribers).values({ email: 'inner@example.com', unsubscribeToken: 'token-inner' });
          throw new Error('undo the inner part');
        })
        .catch(() => undefined);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(newsletterSubscribers).values({ email: 'undone@example.com', unsubscribeToken: 'token-undone' });
        throw new Error('undo it all');
      }),
    ).rejects.toThrow('undo it all');
    const emails = (await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map((r) => r.email);
    expect(emails).toContain('kept@example.com');
    expect(emails).not.toContain('inner@example.com');
    expect(emails).not.toContain('undone@example.com');
  });

  it('runs statements from many requests at once, and one from outside waits while a transaction is open', async () => {
    const { db } = database;
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => db.execute(sql`select ${i}::int as n`)));
    expect(answers.map((a) => rowsOf<{ n: number }>(a)[0]!.n)).toEqual(Array.from({ length: 300 }, (_, i) => i));

    let outsideSaw: number | undefined;
    let insideDone = false;
    let inserted = false;
    let outsideSent = false;
    const transaction = db.transaction(async (tx) => {
      await tx.insert(newsletterSubscribers).values({ email: 'open@example.com', unsubscribeToken: 'token-open' });
      inserted = true;
      // The statement from outside is sent now; the transaction's own statements go on ahead of it.
      await expect.poll(() => outsideSent, { interval: 5 }).toBe(true);
      for (let i = 0; i < 5; i++) await tx.execute(sql`select ${i}::int as n`);
      insideDone = true;
    });
    await expect.poll(() => inserted, { interval: 5 }).toBe(true);
    const outside = db.execute(sql`select count(*)::int as n from newsletter_subscribers where email = 'open@example.com'`).then((r) => {
      outsideSaw = rowsOf<{ n: number }>(r)[0]!.n;
      expect(insideDone).toBe(true);
    });
    outsideSent = true;
    await Promise.all([transaction, outside]);
    expect(outsideSaw).toBe(1);
  });

  it('fails a statement over the time limit with 503 while the server goes on, then answers again', async () => {
    const config = testConfig();
    const fastify = Fastify(fastifyOptions(config, false));
    await fastify.register(app, { config, database, distDir: '/nonexistent-dist' });
    try {
      const started = performance.now();
      const long = database.db.execute(LONG_STATEMENT).catch((error: unknown) => error);
      // The main thread is free meanwhile: a timer fires on time while PGlite counts.
      const timerLate = await new Promise<number>((resolve) => {
        const due = performance.now() + 100;
        setTimeout(() => resolve(performance.now() - due), 100);
      });
      expect(timerLate).toBeLessThan(80);
      // A request queued behind the stuck statement is refused with a sentence, not left hanging.
      const queued = await fastify.inject({ method: 'GET', url: '/api/health' });
      expect(queued.statusCode).toBe(503);
      expect(queued.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering right now. Please try again in a minute.' });
      expect(refusal(await long)?.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(logged.some((line) => line.includes('generate_series'))).toBe(true);

      const again = await fastify.inject({ method: 'GET', url: '/api/health' });
      expect(again.statusCode).toBe(200);
      // An in-memory database starts again from its image: what the tests above wrote is gone.
      const rows = await database.db.select().from(newsletterSubscribers);
      expect(rows).toEqual([]);
    } finally {
      await fastify.close();
    }
  }, 30_000);

  it('keeps a transaction’s statements from reaching the new thread after a restart', async () => {
    const { db } = database;
    const result = await db
      .transaction(async (tx) => {
        await tx.insert(newsletterSubscribers).values({ email: 'lost@example.com', unsubscribeToken: 'token-lost' });
        await tx.execute(LONG_STATEMENT).catch(() => undefined);
        await tx.insert(newsletterSubscribers).values({ email: 'after@example.com', unsubscribeToken: 'token-after' });
      })
      .catch((error: unknown) => error);
    expect(refusal(result)?.status).toBe(503);
    expect(await db.select().from(newsletterSubscribers)).toEqual([]);
  }, 30_000);
});

describe.skipIf(pglitePassDone)('PGlite in a worker thread on a data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-pglite-worker-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps committed rows and the data folder’s lock across a restart of the thread', async () => {
    const database = await openDatabase({ dataDir, owner: 'worker test', statementTimeoutMs: 5000, log });
    try {
      await database.db.insert(newsletterSubscribers).values({ email: 'kept@example.com', unsubscribeToken: 'token-kept' });
      expect(refusal(await database.db.execute(LONG_STATEMENT).catch((error: unknown) => error))?.status).toBe(503);
      // This process held DATA_DIR's lock through the restart, so another process is still refused (data-dir-lock.ts).
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'animal-doctor.lock'), 'utf8'))).toMatchObject({ pid: process.pid, owner: 'worker test' });
      const rows = await database.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers);
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
      await database.db.insert(newsletterSubscribers).values({ email: 'after@example.com', unsubscribeToken: 'token-after' });
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'animal-doctor.lock'))).toBe(false);
    const reopened = await openDatabase({ dataDir, owner: 'worker test' });
    try {
      const emails = (await reopened.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map((r) => r.email);
      expect(emails.sort()).toEqual(['after@example.com', 'kept@example.com']);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
