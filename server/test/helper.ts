// Builds the app against a real database for API tests: PGlite in memory, or a fresh database
// on TEST_DATABASE_URL's server. One database per test worker; tests create their own rows.
import Fastify, { type FastifyInstance } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import app, { type AppOptions } from '../app';
import { fastifyOptions, loggerOptions } from '../fastify-options';
import type { DestinationStream } from 'pino';

let shared: Promise<Database> | undefined;

/** A fresh database on `baseUrl`'s server, dropped by global-setup.ts when the run ends. `label` tells
 *  a test's databases apart (the reliability tests start server processes on their own). */
export async function createPostgresDatabase(baseUrl: string, label = ''): Promise<string> {
  // NOTE: the run id (global-setup.ts) keeps parallel test runs on one server from dropping each other's databases.
  const name = `ad_test_${process.env.AD_TEST_RUN ?? 'x'}_${label ? `${label}_` : ''}${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The worker's database, opened once and migrated. */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) return openDatabase({ databaseUrl: await createPostgresDatabase(baseUrl), poolSize: 4 });
    return openDatabase({});
  })();
  return shared;
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
  await fastify.register(app, { config, database, distDir: options.distDir ?? '/nonexistent-dist', seo: options.seo });
  if (options.extend) await options.extend(fastify);
  await fastify.ready();
  return fastify;
}
