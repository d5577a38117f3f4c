// Graceful shutdown (issue 15): SIGTERM while sign-ups are in flight. Every request the server had
// started is finished and answered 200 (none cut off: each stored account got its answer),
// requests after the signal are refused (no connection or 503), and the process exits with 0 and
// releases its DATA_DIR lock.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { preparedDataDir } from '../test/data-dir-template';
import { signUp, startServerProcess, uniqueTag } from './processes';

// A copy of the run's prepared data folder (server/test/data-dir-template.ts): this test is about
// the shutdown, not about the first start on an empty folder (server.test.ts covers that).
let dataDir: string;
beforeAll(async () => {
  dataDir = await preparedDataDir('ad-shutdown-');
}, 300_000);
afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

describe('SIGTERM during load', () => {
  it('finishes the requests in flight, refuses new ones and exits cleanly', { timeout: 240_000 }, async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '100000',
      MAIL_PER_CLIENT_PER_HOUR: '100000',
      SHUTDOWN_GRACE_MS: '90000',
    });
    const tag = uniqueTag();
    // Sign-ups take tens of milliseconds each (argon2), so many are inside the server at once.
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      signUp(server.url, `term-${tag}-${i}@example.com`).catch(
        (error: Error) => `error: ${error.cause ? String((error.cause as Error).message) : error.message}`,
      ),
    );
    // The first answer shows the server at work on the sign-ups; the rest are still inside it (or queued).
    await Promise.race(inFlight);
    server.signal('SIGTERM');
    // On a busy machine the signal handler may run a little later: new requests are refused from then on.
    let late: number | string = 200;
    for (let i = 0; i < 100 && late === 200; i++) {
      late = await fetch(`${server.url}/api/health`).then(
        (r) => r.status,
        () => 'refused',
      );
      if (late === 200) await new Promise((r) => setTimeout(r, 100));
    }
    const answers = await Promise.all(inFlight);
    const exit = await server.exited;

    expect(exit.code, server.output()).toBe(0);
    // On a busy machine some of the 12 connections are still in the listen queue when the signal
    // arrives: those are refused (reset before a byte, or 503) like any new request. Every request
    // the server had started is finished: each stored account got its 200, and at least one did.
    expect(answers.filter((a) => a !== 200 && a !== 503 && a !== 'error: read ECONNRESET' && a !== 'error: other side closed')).toEqual([]);
    const database = await openDatabase({ dataDir, owner: 'shutdown test' });
    try {
      const [row] = (
        (await database.db.execute(sql`select count(*)::int as n from users where email like ${`term-${tag}-%`}`)) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(row!.n).toBe(answers.filter((a) => a === 200).length);
    } finally {
      await database.close();
    }
    expect(answers.filter((a) => a === 200).length).toBeGreaterThan(0);
    expect([503, 'refused']).toContain(late);
    expect(
      await fetch(`${server.url}/api/health`).then(
        (r) => r.status,
        () => 'refused',
      ),
    ).toBe('refused');
    expect(fs.existsSync(path.join(dataDir, 'animal-doctor.lock'))).toBe(false);
  });
});
