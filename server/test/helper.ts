// Builds the app against a real database for API tests: PGlite in memory, or a fresh database
// on TEST_DATABASE_URL's server. One database per test file; tests create their own rows.
import Fastify, { type FastifyInstance } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import app, { type AppOptions } from '../app';
import { fastifyOptions, loggerOptions } from '../fastify-options';
import type { DestinationStream } from 'pino';
import { templateDatabaseName } from './global-setup';
import { projectRoot } from '../lib/project-root';

/** A fresh database on `baseUrl`'s server, dropped by global-setup.ts when the run ends. `label` tells
 *  a test's databases apart (the reliability tests start server processes on their own). `template`
 *  copies a migrated database instead of starting empty. */
export async function createPostgresDatabase(baseUrl: string, label = '', template?: string): Promise<string> {
  // NOTE: the run id (global-setup.ts) keeps parallel test runs on one server from dropping each other's databases.
  const name = `ad_test_${process.env.AD_TEST_RUN ?? 'x'}_${label ? `${label}_` : ''}${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// Each test file gets a database of its own, so no file sees another's vets, mail or timing, whichever
// files share a worker (`isolate: false` keeps one worker's modules between files). On PostgreSQL it is a
// copy of the run's migrated template; on PGlite an in-memory copy of a migrated image made once per worker.
let current: Promise<Database> | undefined;
/** This file's database on TEST_DATABASE_URL's server, dropped when the file ends. */
let currentPostgresName: string | undefined;
let pgliteImage: Promise<Blob> | undefined;

async function openFileDatabase(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const run = process.env.AD_TEST_RUN;
    const databaseUrl = await createPostgresDatabase(baseUrl, '', run ? templateDatabaseName(run) : undefined);
    currentPostgresName = new URL(databaseUrl).pathname.slice(1);
    return openDatabase({ databaseUrl, poolSize: 4 });
  }
  pgliteImage ??= (async () => {
    const migrated = await openDatabase({});
    try {
      return await (migrated.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    } finally {
      await migrated.close();
    }
  })();
  // The production path: PGlite in its worker thread, with a statement limit far above the slowest
  // legitimate statement on a loaded machine (a factory writing 1,200 vets took about 30 s at load 25),
  // so a statement stuck in PGlite (docs/decisions/081-a-stuck-test-step-runs-again.md) ends with a
  // log line naming it instead of holding the pass (docs/decisions/092-pglite-in-a-worker-thread.md).
  return openDatabase({ image: await pgliteImage, statementTimeoutMs: 180_000 });
}

/** This test file's database, opened on first use and migrated. */
export function testDatabase(): Promise<Database> {
  current ??= openFileDatabase();
  return current;
}

/** Closes this file's database, on PostgreSQL also dropping it; ./setup.ts runs it after the file's own hooks. */
export async function closeTestDatabase(): Promise<void> {
  const opened = current;
  current = undefined;
  if (!opened) return;
  await (await opened).close();
  const name = currentPostgresName;
  currentPostgresName = undefined;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl || !name) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEMO_DATA: 'off',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: path.join(os.tmpdir(), `ad-test-${process.pid}`),
    MAIL_POLL_MS: '100',
    MAIL_RETRY_BASE_MS: '100',
    REDIS_URL: process.env.REDIS_URL,
    // Each test app has its own Redis keys: limits never leak between tests or parallel runs.
    REDIS_KEY_PREFIX: `ad-test:${randomUUID()}:`,
    // Tests write rows behind the app's back (factories, expiry): searches are not cached unless a
    // test asks for it (the doctors tests do, to check the cache and its invalidation).
    SEARCH_CACHE_SECONDS: '0',
    ...overrides,
  });
}

export interface TestAppOptions {
  /** Built web app folder; by default none, so only the API is served. */
  distDir?: string;
  /** The web app's server entry; by default its source (web/entry-server.tsx), which Vitest compiles as it loads it. */
  ssrEntry?: string;
  /** Sitemap options (a small chunk size splits sitemaps with few records). */
  seo?: AppOptions['seo'];
  /** Registers extra routes (probes) before the app is sealed. */
  extend?: (fastify: FastifyInstance) => PromiseLike<unknown> | void;
  /** Runs on the bare Fastify instance before the app is registered (e.g. an onRoute hook that
   *  sees every route the app adds). */
  beforeApp?: (fastify: FastifyInstance) => void;
  /** Receives every log line (JSON), with the production logger's redaction, at level info. */
  logStream?: DestinationStream;
}

export async function buildTestApp(overrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config = testConfig(overrides);
  const database = await testDatabase();
  const logger = options.logStream ? loggerOptions({ ...config, logLevel: 'info' }, options.logStream) : false;
  const fastify = Fastify(fastifyOptions(config, logger));
  options.beforeApp?.(fastify);
  await fastify.register(app, {
    config,
    database,
    distDir: options.distDir ?? '/nonexistent-dist',
    ssrEntry: options.ssrEntry ?? path.join(projectRoot, 'web/entry-server.tsx'),
    seo: options.seo,
  });
  if (options.extend) await options.extend(fastify);
  await fastify.ready();
  return fastify;
}
