// The platform's promises to every client: one error shape, limits, security headers, static files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { buildTestApp } from '../../test/helper';
import { domainError, rateLimited, textRefusal } from '../../lib/domain-error';

describe('error shape for bad input', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Probe routes declared like every real route: a strict body schema.
    app = await buildTestApp(
      { BODY_LIMIT_BYTES: '2048' },
      {
        extend: (fastify) =>
          fastify.register(async (scope) => {
            scope.post(
              '/api/probe/echo',
              { schema: { body: Type.Object({ name: Type.String({ maxLength: 20 }), age: Type.Integer() }, { additionalProperties: false }) } },
              async (request) => request.body,
            );
            // Fields that declare their words (title, errorMessage), as shared/schemas do.
            scope.post(
              '/api/probe/form',
              {
                schema: {
                  body: Type.Object(
                    {
                      first_name: Type.String({ minLength: 1, maxLength: 80 }),
                      email: Type.String({ format: 'email', maxLength: 254 }),
                      zip: Type.String({ pattern: '^\\d{5}$', errorMessage: 'Enter a five-digit zip code.' }),
                      licence: Type.Optional(Type.String({ pattern: '^[A-Z0-9]+$', title: 'licence number' })),
                      period: Type.Optional(Type.Union([Type.Literal('month'), Type.Literal('year')])),
                      education: Type.Optional(Type.Array(Type.Object({ year: Type.Integer({ minimum: 1950 }) }))),
                    },
                    { additionalProperties: false },
                  ),
                },
              },
              async (request) => request.body,
            );
            // A call whose fields are all optional, as the review queue's or payment/cancel's.
            scope.post(
              '/api/probe/optional',
              { schema: { body: Type.Object({ page: Type.Optional(Type.Integer()) }, { additionalProperties: false }) } },
              async (request) => request.body,
            );
            scope.post('/api/probe/refuse', async () => {
              throw domainError(409, 'CONFLICT', 'That already exists.');
            });
            scope.post('/api/probe/refuse-field', async () => {
              throw domainError(400, 'VALIDATION_ERROR', 'Enter a five-digit zip code.', { field: 'zip' });
            });
            scope.post('/api/probe/refuse-text', async () => {
              throw textRefusal(202, 'PROFILE_INVALID', 'Please enter a phone number.');
            });
            scope.post('/api/probe/refuse-later', async () => {
              throw rateLimited('Too many tries. Please wait a minute.', 59.2);
            });
            scope.post('/api/probe/crash', async () => {
              throw new Error('secret internal detail: SELECT * FROM users');
            });
          }),
      },
    );
  });
  afterAll(() => app.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('accepts a valid body', async () => {
    const res = await post('/api/probe/echo', JSON.stringify({ name: 'Rex', age: 3 }));
    expect(res.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await post('/api/probe/echo', '{"name": "Rex",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON', message: expect.stringMatching(/JSON/) });
  });

  it('answers a wrong type with a sentence, and the field for programs', async () => {
    const res = await post('/api/probe/echo', JSON.stringify({ name: 'Rex', age: '3' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'age', message: 'The age must be a whole number.' });
  });

  it('says which field is missing in words', async () => {
    const res = await post('/api/probe/echo', JSON.stringify({ name: 'Rex' }));
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'age', message: 'Age is required.' });
  });

  it('reads a POST without a body as {}: a call without required fields answers, another names the missing one', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }, { 'content-type': 'application/json; charset=utf-8' }]) {
      const optional = await app.inject({ method: 'POST', url: '/api/probe/optional', headers });
      expect(optional.statusCode).toBe(200);
      expect(optional.json()).toEqual({});
      const required = await app.inject({ method: 'POST', url: '/api/probe/echo', headers });
      expect(required.statusCode).toBe(400);
      expect(required.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'name', message: 'Name is required.' });
    }
    expect((await post('/api/probe/optional', 'null')).statusCode).toBe(400);
    // A body that is not empty still goes through Fastify's JSON parser and its prototype checks.
    const poisoned = await post('/api/probe/echo', '{"name":"Rex","age":3,"__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect((await post('/api/probe/echo', '{"name":')).json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('refuses unknown fields instead of dropping them', async () => {
    const res = await post('/api/probe/echo', JSON.stringify({ name: 'Rex', age: 3, admin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'admin', message: "'admin' is not something this form accepts; remove it and try again." });
  });

  it('refuses an over-long value', async () => {
    const res = await post('/api/probe/echo', JSON.stringify({ name: 'x'.repeat(21), age: 3 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'name', message: 'The name must be at most 20 characters long.' });
  });

  it('speaks to a person, never in schema terms', async () => {
    const valid = { first_name: 'Ada', email: 'ada@example.com', zip: '10001' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'ada@example.com', zip: '10001' }, 'first_name', 'First name is required.'],
      [{ ...valid, first_name: '' }, 'first_name', 'First name is required.'],
      [{ ...valid, email: 'not an address' }, 'email', 'Enter a valid e-mail address.'],
      [{ ...valid, zip: '1234' }, 'zip', 'Enter a five-digit zip code.'],
      [{ ...valid, licence: 'ab-1' }, 'licence', 'Check the value of the licence number.'],
      [{ ...valid, period: 'week' }, 'period', 'Choose one of these for the period: month, year.'],
      [{ ...valid, education: [{ year: 1900 }] }, 'education.0.year', 'The year must be at least 1950.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/probe/form', JSON.stringify(body));
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ code: 'VALIDATION_ERROR', field, message });
      expect(res.json().message, field).not.toMatch(/must match|Field '|format "/);
    }
    expect((await post('/api/probe/form', JSON.stringify(valid))).statusCode).toBe(200);
  });

  it('answers an oversized body with 413', async () => {
    const res = await post('/api/probe/echo', JSON.stringify({ name: 'x'.repeat(5000), age: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('answers a non-JSON body with 415', async () => {
    const res = await post('/api/probe/echo', 'name=Rex', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('passes a deliberate refusal through with its status and code', async () => {
    const res = await post('/api/probe/refuse', '{}');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That already exists.', code: 'CONFLICT' });
  });

  it('answers a domain error with its field, as text where the call answers text, and with Retry-After when it knows the wait', async () => {
    const field = await post('/api/probe/refuse-field', '{}');
    expect([field.statusCode, field.headers['content-type'], field.body]).toEqual([
      400,
      'application/json; charset=utf-8',
      '{"message":"Enter a five-digit zip code.","code":"VALIDATION_ERROR","field":"zip"}',
    ]);
    const text = await post('/api/probe/refuse-text', '{}');
    expect([text.statusCode, text.headers['content-type'], text.body]).toEqual([202, 'text/plain; charset=utf-8', 'Please enter a phone number.']);
    const later = await post('/api/probe/refuse-later', '{}');
    expect([later.statusCode, later.headers['retry-after'], later.json()]).toEqual([
      429,
      '60',
      { message: 'Too many tries. Please wait a minute.', code: 'RATE_LIMITED', retryAfter: 60 },
    ]);
  });

  it('hides internals of an unexpected error behind a request id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/crash',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-request-id': 'probe-crash-0001' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      message: 'Something went wrong. Please try again later.',
      code: 'INTERNAL_ERROR',
      requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    });
    expect(res.body).not.toContain('SELECT');
    // The server makes the id (a client cannot choose what the logs carry), one per request.
    expect(body.requestId).not.toBe('probe-crash-0001');
    const again = await post('/api/probe/crash', '{}');
    expect(again.json().requestId).not.toBe(body.requestId);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends a Content-Security-Policy that forbids inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('documents the API as OpenAPI at /api/docs', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: expect.objectContaining({ '/api/health/': expect.anything() }) });
    const ui = await app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    // A program asking /api/docs itself (no HTML in its Accept) gets the document.
    for (const url of ['/api/docs', '/api/docs/']) {
      const doc = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(doc.statusCode, url).toBe(200);
      expect(doc.headers['content-type']).toMatch(/^application\/json/);
      expect(doc.json().paths['/api/user/login']).toBeDefined();
    }
  });
});

describe('rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => app.close());

  it('answers 429 with the wait once an address passes the limit', async () => {
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await app.inject({ method: 'GET', url: '/api/docs/json', remoteAddress: address });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(last!.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/wait \d+ seconds?/), retryAfter: expect.any(Number) });
    // Another address is not affected.
    const other = await app.inject({ method: 'GET', url: '/api/docs/json', remoteAddress: '10.200.1.1' });
    expect(other.statusCode).toBe(200);
  });
});

describe('serving the web app', () => {
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-dist-'));
  const chunk = `console.log(${JSON.stringify('x'.repeat(3000))});`;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Animal Doctor</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), chunk);
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(chunk));
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), zlib.gzipSync(chunk));
    app = await buildTestApp({}, { distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(chunk);
  });

  it('answers deep links with index.html that is never cached', async () => {
    for (const url of ['/', '/home', '/searchdoctor?zip=10001', '/verify/token?firstpart=a']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a page that does not exist with 404 and the app shell, which shows not-found', async () => {
    for (const url of ['/no-such-page', '/singlepost/:999999999', '/viewdoctorprofile/999999999?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/unknown/call', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
