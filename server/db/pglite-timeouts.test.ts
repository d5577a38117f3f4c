// Statements over the embedded database's time limit, one after another (issue 34 item 5;
// docs/decisions/130-a-timeout-reopens-the-database-in-a-spare-thread.md): each fails its request with
// 503 and a sentence, the database answers again soon after, and SIGTERM ends the process within its
// grace period whatever the database thread is doing. PGlite only: PostgreSQL has no worker thread, so
// the PostgreSQL pass skips this file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../app';
import { fastifyOptions } from '../fastify-options';
import { projectRoot } from '../lib/project-root';
import { testConfig } from '../test/helper';
import { pglitePassDone } from '../test/passes';
import { openDatabase } from './client';

const LONG_STATEMENT = sql`select count(*) from generate_series(1, 2000000000)`;
const UNAVAILABLE = { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering right now. Please try again in a minute.' };
/**
 * The issue asks for the database back within 2 s. On a machine whose cores are shared by several
 * busy test runs everything is slower by about the load per core, so the bound grows with it.
 */
const backWithinMs = () => 2000 * Math.max(1, os.loadavg()[0]! / os.cpus().length);

describe.skipIf(pglitePassDone)('statements over the time limit, 50 in a row', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-pglite-timeouts-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    // The data folder is created and migrated once, as the server's first start does.
    const database = await openDatabase({ dataDir, owner: 'timeouts test' });
    await database.close();
  }, 180_000);

  it('fails each with 503 and a sentence, and answers again soon after, every time', async () => {
    const lines: string[] = [];
    const database = await openDatabase({ dataDir, owner: 'timeouts test', statementTimeoutMs: 250, spareThread: true, log: (line) => lines.push(line) });
    const config = testConfig();
    const fastify = Fastify(fastifyOptions(config, false));
    await fastify.register(app, { config, database, distDir: '/nonexistent-dist' });
    const away: number[] = [];
    try {
      for (let i = 0; i < 50; i++) {
        const long = database.db.execute(LONG_STATEMENT).catch((error: unknown) => error);
        // A request queued behind the stuck statement is refused with the sentence, not left hanging.
        const queued = await fastify.inject({ method: 'GET', url: '/api/health' });
        expect(queued.statusCode, `timeout ${i}`).toBe(503);
        expect(queued.json()).toEqual(UNAVAILABLE);
        expect(((await long) as { cause?: { status?: number } }).cause?.status).toBe(503);
        const failedAt = performance.now();
        let health = 0;
        while (health !== 200 && performance.now() - failedAt < 60_000) {
          health = (await fastify.inject({ method: 'GET', url: '/api/health' })).statusCode;
        }
        away.push(performance.now() - failedAt);
        expect(health, `timeout ${i}: ${lines.slice(-3).join(' / ')}`).toBe(200);
        expect(away.at(-1), `timeout ${i} kept the database away`).toBeLessThan(backWithinMs());
      }
      away.sort((a, b) => a - b);
      console.log(
        `50 timeouts: the database was away ${Math.round(away[25]!)} ms (median), ${Math.round(away[49]!)} ms (longest), load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    } finally {
      await fastify.close();
      await database.close();
    }
    // The log names each stuck statement (its SQL, never its parameters) and how long each reopening took.
    expect(lines.filter((line) => line.includes('generate_series'))).toHaveLength(50);
    expect(lines.filter((line) => line.startsWith('the database was opened again in'))).toHaveLength(50);
  }, 600_000);

  it('ends the process within the grace period on SIGTERM, while a statement is stuck or the database is opening again', async () => {
    const graceMs = 5000;
    for (const phase of ['running 3', 'restarting', 'opened', 'running 6']) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/db/pglite-timeouts.fixture.ts', dataDir, String(graceMs)], {
        cwd: projectRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: performance.now() })));
      const reached = new Promise<void>((resolve) => {
        let seen = 0;
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          // The second time the phase comes round, so at least one timeout has been recovered from.
          seen = output.split('\n').filter((line) => line === phase).length;
          if (seen >= 2 || (phase.startsWith('running') && seen >= 1)) resolve();
        });
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await Promise.race([reached, exited]);
      const signalled = performance.now();
      child.kill('SIGTERM');
      const exit = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), graceMs + 10_000))]);
      if (!exit) child.kill('SIGKILL');
      expect(exit, `${phase}: still running ${graceMs + 10_000} ms after SIGTERM\n${output}`).not.toBeNull();
      expect(exit!.at - signalled, `${phase}\n${output}`).toBeLessThan(graceMs + 2000);
      expect(exit!.code, output).toBe(0);
      // The data folder's lock went with the process.
      expect(fs.existsSync(path.join(dataDir, 'animal-doctor.lock'))).toBe(false);
    }
  }, 600_000);
});
