// The platform rows of the security review (docs/security.md): limits that absolute-form request
// lines cannot skip, slow clients cut off, proxy trust, hostile text and ids, redacted logs and
// headers. Raw sockets (node:net) where a client library would hide the attack.
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { createAccount, uniqueEmail } from '../../test/factories';
import { buildTestApp, testConfig } from '../../test/helper';
import { users } from '../../db/schema';
import { createTransport } from '../app/mail/transports';
import { loadConfig } from '../../config';

/** A client address no other test or earlier run used (rate limits may live in a shared Redis). */
const randomAddress = () => `172.${16 + Math.floor(Math.random() * 16)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** Sends raw bytes on a fresh socket and resolves with what came back when the server closed it. */
function rawExchange(port: number, send: (socket: net.Socket) => void, maxMs: number): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: Infinity });
    }, maxMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      try {
        send(socket);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

describe('row 4: the global rate limit decides on the parsed path', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    port = await listen(app);
  });
  afterAll(() => app.close());

  it('limits absolute-form request lines (GET http://host/api/... HTTP/1.1) like any other', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { text } = await rawExchange(
        port,
        (s) => s.write(`GET http://127.0.0.1:${port}/api/articles/search?searchVal=x${i} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
        5000,
      );
      statuses.push(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]));
    }
    // NOTE: with REDIS_URL the budget of 127.0.0.1 is shared with other tests, so count, not order.
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe('row 10: slow clients are cut off', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', CONNECTION_TIMEOUT_MS: '3000' });
    port = await listen(app);
  });
  afterAll(() => app.close());

  it('answers 408 and closes a body that trickles in one byte at a time', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { text, closedAfterMs } = await rawExchange(
      port,
      (s) => {
        s.write(`POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`);
        timer = setInterval(() => s.writable && s.write(' '), 200);
      },
      8000,
    );
    clearInterval(timer);
    expect(closedAfterMs).toBeLessThan(4000);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers trickle in', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { closedAfterMs } = await rawExchange(
      port,
      (s) => {
        s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
        timer = setInterval(() => s.writable && s.write('X-Slow: a\r\n'), 200);
      },
      8000,
    );
    clearInterval(timer);
    expect(closedAfterMs).toBeLessThan(4000);
  });
});

describe('row 7: proxy trust', () => {
  it('reads TRUST_PROXY as off, a hop count or a list of addresses, and refuses "on"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/hop count .* not "on"/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow('TRUST_PROXY must be a hop count or a list of proxy addresses, got "proxy.example"');
  });

  it('with one trusted hop, a client cannot escape the limit by rotating X-Forwarded-For', async () => {
    const app = await buildTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      const client = randomAddress();
      for (let i = 0; i < 5; i++) {
        // The proxy appends the real client (203.0.113.9); the client made up the rest.
        const res = await app.inject({
          method: 'GET',
          url: '/api/articles/search',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, ${client}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('with a list, X-Forwarded-For from anyone else is ignored', async () => {
    const app = await buildTestApp({ TRUST_PROXY: '10.0.0.1', RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      const client = randomAddress();
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/articles/search', remoteAddress: client, headers: { 'x-forwarded-for': `198.51.100.${i}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('row 8: hostile text and ids', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => app.close());
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

  it('refuses NUL bytes in any field with 400 and stores nothing', async () => {
    const email = uniqueEmail('nul');
    const cases: [string, unknown][] = [
      ['/api/user/register', { first_name: 'Ja\u0000mie', last_name: 'Lee', email, password: 'Sunny-Meadow-42' }],
      ['/api/articles/search', { pageSize: 10, currentVal: 1, searchVal: 'cat\u0000' }],
      ['/api/ai_articles/search', { pageSize: 10, currentVal: 1, searchVal: '\u0000' }],
      ['/api/doctors/search', { searchZipCode: '', searchCity: 'Aus\u0000tin', searchState: '', searchCount: 10, searchStart: 0 }],
      ['/api/newsletter/unsubscribe', { token: 'abcdefghij\u0000klm' }],
      ['/api/user/login-with-token', { token: 'a.b\u0000.c' }],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    for (const url of ['/api/articles/search?searchVal=%00', '/api/newsletter/unsubscribe?token=abcdefghij%00kl']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses names with line breaks, control characters, direction overrides or only invisible characters', async () => {
    // U+2028 and U+2029 break a line like a newline; U+061C is a bidi mark (issue 34, item 9).
    for (const name of [
      'Jamie\r\nBcc: x',
      'Ja\u0007mie',
      'Jamie \u202Eeil',
      '\u200B\u200B',
      '\u2066x\u2069',
      '   ',
      'Jamie\u2028Lee',
      'Jamie\u2029Lee',
      'Ja\u061Cmie',
      'Ja\u0085mie',
    ]) {
      const res = await post('/api/user/register', { first_name: name, last_name: 'Lee', email: uniqueEmail('ctl'), password: 'Sunny-Meadow-42' });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'first_name', message: expect.stringMatching(/^Enter a real first name: /) });
    }
    const accents = await post('/api/user/register', {
      first_name: 'José-María',
      last_name: 'Ó Briain',
      email: uniqueEmail('accent'),
      password: 'Sunny-Meadow-42',
    });
    expect(accents.statusCode).toBe(200);
  });

  it('refuses ids above 2147483647 with 400, in every form', async () => {
    const cases: [string, unknown][] = [
      ['/api/doctors/get-by-id', { id: 2147483648 }],
      ['/api/doctors/get-by-id', { id: ':2147483648' }],
      ['/api/doctors/get-by-id', { id: 99999999999999 }],
      ['/api/articles/get-by-id', { id: 2147483648 }],
      ['/api/articles/get-by-id', { id: ':9999999999' }],
      ['/api/ai_articles/get-by-id', { id: 1e300 }],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await post('/api/doctors/get-by-id', { id: 2147483647 })).statusCode).toBe(404);
    expect((await post('/api/articles/get-by-id', { id: ':2147483647' })).statusCode).toBe(404);
  });
});

describe('row 9 and row 13: logs and headers', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildTestApp(
      {},
      {
        logStream,
        // A probe that fails inside the database with a hash and an address among its parameters.
        extend: (fastify) => {
          fastify.post<{ Body: { email: string; hash: string } }>('/api/probe/duplicate', async (request) => {
            const { email, hash } = request.body;
            await fastify.database.db.insert(users).values({ email, passwordHash: hash, firstName: 'Dup', lastName: 'Licate' });
            return {};
          });
        },
      },
    );
  });
  afterAll(() => app.close());

  it('logs database errors without their parameters or the values they repeat', async () => {
    const { user } = await createAccount(app);
    const hash = `$argon2id$v=19$m=19456,t=2,p=1$${randomUUID()}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/duplicate',
      payload: { email: user.email, hash },
      headers: { authorization: 'Bearer secret-session-token', cookie: 'ad_reset=secret-reset-cookie' },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unexpected error');
    expect(log).toContain('Failed query: insert into');
    for (const secret of [hash, user.email, 'secret-session-token', 'secret-reset-cookie']) expect(log).not.toContain(secret);
  });

  it('makes request ids itself; a client cannot choose what logs carry', async () => {
    const chosen = 'attacker-chosen-request-id';
    const { user } = await createAccount(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/duplicate',
      payload: { email: user.email, hash: 'y' },
      headers: { 'x-request-id': chosen },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join('')).not.toContain(chosen);
  });

  it('says DENY in X-Frame-Options, as the CSP says frame-ancestors none, and sends HSTS only over HTTPS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(String(plain.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindTls = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const res = await behindTls.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await behindTls.close();
    }
  });

  it('sends the same security headers with every kind of answer: success, refusal, not found', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: '12ab' } }),
      await app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await app.inject({ method: 'GET', url: '/no-such-page' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 400, 404, 404]);
    for (const res of answers) {
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('row 13: e-mail files', () => {
  it('writes .eml files readable by the server user only', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-eml-'));
    const transport = createTransport(testConfig({ DATA_DIR: dataDir }), () => undefined);
    await transport.send({ to: 'a@example.com', toName: null, subject: 'Code', text: '123456', html: '<p>123456</p>', params: {} });
    const folder = path.join(dataDir, 'mail');
    const [file] = fs.readdirSync(folder);
    expect(fs.statSync(path.join(folder, file!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(folder).mode & 0o077).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
