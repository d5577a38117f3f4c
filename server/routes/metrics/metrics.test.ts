// GET /metrics, GET /api/ready and the request log (docs/product.md 23.2): the metrics are scraped and read
// with a strict parser of Prometheus' text format (every sample belongs to a declared family of the
// declared type, histograms are whole), their values move after requests, the route label is the pattern
// and never the address asked for; the token is required and compared in full; readiness follows the
// database's migrations; each request logs one JSON line with its id and no credentials.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { createAccount, FACTORY_PASSWORD } from '../../test/factories';
import { emailOutbox } from '../../db/schema';

const TOKEN = 'metrics-token-metrics-token-metrics-token';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/;

/** Prometheus' text exposition format 0.0.4, strictly: throws on any line it does not understand. */
function parsePrometheus(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sample: string) => {
    for (const suffix of ['_bucket', '_sum', '_count', '']) {
      const base = suffix && sample.endsWith(suffix) ? sample.slice(0, -suffix.length) : sample;
      const family = families.get(base);
      if (family && (suffix === '' || family.type === 'histogram' || family.type === 'summary')) return family;
    }
    throw new Error(`sample ${sample} has no # TYPE line before it`);
  };
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.split('\n').slice(0, -1)) {
    // Empty lines are allowed between families, and ignored.
    if (line === '') continue;
    if (line.startsWith('# HELP ')) {
      const [, name, help] = /^# HELP (\S+) (.*)$/.exec(line) ?? [];
      if (!name || !NAME.test(name)) throw new Error(`bad HELP line: ${line}`);
      families.set(name, { type: '', help: help!, samples: [] });
    } else if (line.startsWith('# TYPE ')) {
      const [, name, type] = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line) ?? [];
      if (!name || !families.has(name)) throw new Error(`bad TYPE line: ${line}`);
      families.get(name)!.type = type!;
    } else {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`bad sample line: ${JSON.stringify(line)}`);
      const labels: Record<string, string> = {};
      let rest = match[2] ?? '';
      while (rest.length > 0) {
        const label = LABEL.exec(rest);
        if (!label) throw new Error(`bad labels in: ${line}`);
        labels[label[1]!] = label[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
        rest = rest.slice(label[0].length);
      }
      // Values are Go floats (Prometheus reads them with strconv.ParseFloat): NaN and Inf in any case.
      const raw = match[3]!;
      const value = /^\+?inf(inity)?$/i.test(raw) ? Infinity : /^-inf(inity)?$/i.test(raw) ? -Infinity : /^nan$/i.test(raw) ? NaN : Number(raw);
      if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`bad value in: ${line}`);
      familyOf(match[1]!).samples.push({ name: match[1]!, labels, value });
    }
  }
  for (const [name, family] of families) {
    if (!family.type) throw new Error(`${name} has no TYPE`);
    if (family.type !== 'histogram') continue;
    // A histogram is whole: per label set, rising buckets ending at +Inf, whose count equals _count.
    const sets = new Map<string, Sample[]>();
    for (const sample of family.samples.filter((s) => s.name === `${name}_bucket`)) {
      const { le, ...rest } = sample.labels;
      expect(le, `${name} bucket without le`).toBeDefined();
      const key = JSON.stringify(rest);
      sets.set(key, [...(sets.get(key) ?? []), sample]);
    }
    for (const [key, buckets] of sets) {
      expect(buckets.at(-1)!.labels.le).toBe('+Inf');
      for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
      const count = family.samples.find((s) => s.name === `${name}_count` && JSON.stringify(s.labels) === key);
      expect(count?.value).toBe(buckets.at(-1)!.value);
    }
  }
  return families;
}

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildTestApp({ METRICS_TOKEN: TOKEN, SEARCH_CACHE_SECONDS: '30', RATE_LIMIT_PER_MINUTE: '100000' }, { logStream });
  await app.listing.index.load();
});
afterAll(() => app.close());

const scrape = async () => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(res.body);
};
const value = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
  families.get(name.replace(/_(bucket|sum|count)$/, ''))?.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value ?? 0;

describe('GET /metrics', () => {
  it('answers 404 on a server without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('asks for the whole token: none, another, a prefix or the token without Bearer are refused with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('animal_doctor_');
    }
  });

  it('parses as Prometheus text with the families, types and labels an operator watches', async () => {
    const families = await scrape();
    const expected: [string, string][] = [
      ['animal_doctor_http_requests_total', 'counter'],
      ['animal_doctor_http_request_duration_seconds', 'histogram'],
      ['animal_doctor_outbox_pending', 'gauge'],
      ['animal_doctor_outbox_oldest_pending_age_seconds', 'gauge'],
      ['animal_doctor_outbox_failed', 'gauge'],
      ['animal_doctor_search_index_vets', 'gauge'],
      ['animal_doctor_search_index_loads', 'gauge'],
      ['animal_doctor_search_index_lag_seconds', 'gauge'],
      ['animal_doctor_cache_lookups_total', 'counter'],
      ['animal_doctor_db_clients', 'gauge'],
      ['animal_doctor_ready', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ['process_resident_memory_bytes', 'gauge'],
    ];
    for (const [name, type] of expected) expect(families.get(name)?.type, name).toBe(type);
    // Backups are the embedded database's; on PostgreSQL there is no such series.
    expect(families.get('animal_doctor_backup_last_success_timestamp_seconds')?.type).toBe(process.env.TEST_DATABASE_URL ? undefined : 'gauge');
    expect(value(families, 'animal_doctor_ready')).toBe(1);
    expect(value(families, 'animal_doctor_db_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(value(families, 'animal_doctor_search_index_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts requests and their latency per route pattern, cache hits and the outbox', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/articles/search?currentVal=1' })).statusCode).toBe(200);
    // Two different missing uploads: one route pattern, and neither address in the output.
    for (const key of ['a1/missing-one.webp', 'b2/missing-two.webp'])
      expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    // An e-mail that waits (due tomorrow) for ten minutes already.
    await app.database.db.insert(emailOutbox).values({
      toAddress: 'wait@example.com',
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
      kind: 'test',
      nextAttemptAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(app.clock.now().getTime() - 600_000),
    });

    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const after = parsePrometheus(res.body);
    const search = { method: 'GET', route: '/api/articles/search' };
    expect(
      value(after, 'animal_doctor_http_requests_total', { ...search, status: '200' }) -
        value(before, 'animal_doctor_http_requests_total', { ...search, status: '200' }),
    ).toBe(3);
    expect(
      value(after, 'animal_doctor_http_request_duration_seconds_count', search) - value(before, 'animal_doctor_http_request_duration_seconds_count', search),
    ).toBe(3);
    expect(value(after, 'animal_doctor_http_requests_total', { method: 'GET', route: '/uploads/*', status: '404' })).toBeGreaterThanOrEqual(2);
    expect(res.body).not.toContain('missing-one');
    const hits = (families: Map<string, Family>) => value(families, 'animal_doctor_cache_lookups_total', { cache: 'blog articles', result: 'hit' });
    expect(hits(after) - hits(before)).toBe(2);
    expect(value(after, 'animal_doctor_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'animal_doctor_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(600);
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database, the migrations and the search index are ready, and 503 when a migration is missing', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, search_index: true } });

    // The database of an older version (its newest migration not applied): not ready.
    const [last] = (
      (await app.database.db.execute(sql`SELECT * FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`)) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await app.database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last!.id}`);
    try {
      const notReady = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ status: 'not ready', checks: { database: true, migrations: false, search_index: true } });
    } finally {
      await app.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    // Liveness stays what it was.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the request log', () => {
  it('writes one JSON line per request with its id, and never a password, a token or a cookie', async () => {
    const account = await createAccount(app);
    lines.length = 0;
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.user.email, password: FACTORY_PASSWORD },
      headers: { cookie: 'ad_reset=cookie-secret-value' },
    });
    expect(login.statusCode).toBe(200);
    const me = await app.inject({
      method: 'POST',
      url: '/api/user/login-with-token?token=query-secret',
      payload: { token: account.token },
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(me.statusCode).toBeLessThan(500);
    const requestLines = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
    expect(requestLines).toHaveLength(2);
    const ids = requestLines.map((entry) => entry.reqId);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(requestLines[0]).toMatchObject({ method: 'POST', route: '/api/user/login', path: '/api/user/login', status: 200 });
    expect(requestLines[1]).toMatchObject({ path: '/api/user/login-with-token' });
    const log = lines.join('\n');
    for (const secret of [FACTORY_PASSWORD, account.token, 'cookie-secret-value', 'query-secret', (login.json() as { token: string }).token])
      expect(log).not.toContain(secret);
  });
});
