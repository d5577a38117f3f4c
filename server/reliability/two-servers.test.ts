// Two app servers on one PostgreSQL and one Redis (issue 15): a session from one works on the
// other, sign-in failures lock an account across both, the API rate limit is one budget, and when
// one server is killed during load the other keeps answering. Runs when TEST_DATABASE_URL and
// REDIS_URL are set (the PostgreSQL run of .ci/run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, startServerProcess, uniqueTag, type ServerProcess } from './processes';

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
const running: ServerProcess[] = [];
afterAll(() => Promise.all(running.map((s) => s.stop())));

// The servers trust 127.0.0.1 as a proxy and this run comes from its own address, so the shared
// Redis counters of this test never touch (or are touched by) other tests' 127.0.0.1 budget.
const client = `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const headers = { 'x-forwarded-for': client };
const post = (server: ServerProcess, url: string, body: unknown) =>
  fetch(`${server.url}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.runIf(enabled)('two app servers on one PostgreSQL and one Redis', () => {
  it('act as one, and one keeps answering when the other is killed', { timeout: 300_000 }, async () => {
    const databaseUrl = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'two');
    const env = (n: number) => ({
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL!,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `ad-two-${n}-`)),
      RATE_LIMIT_PER_MINUTE: '1000',
      TRUST_PROXY: '127.0.0.1',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      MAIL_PER_CLIENT_PER_HOUR: '100000',
    });
    const [a, b] = await Promise.all([startServerProcess(env(1)), startServerProcess(env(2))]);
    running.push(a!, b!);
    const tag = uniqueTag();
    const password = 'Correct-Horse-Battery-9';

    // A session made on one server is valid on the other.
    const email = `two-${tag}@example.com`;
    const registered = await post(a!, '/api/user/register', { first_name: 'Two', last_name: 'Servers', email, password });
    expect(registered.status).toBe(200);
    const { token } = (await registered.json()) as { token: string };
    expect((await post(b!, '/api/user/login-with-token', { token })).status).toBe(200);

    // Three failures spread over both servers lock the account on both: the right password is refused.
    for (const server of [a!, b!, a!]) expect((await post(server, '/api/user/login', { email, password: 'Wrong-Password-123' })).status).toBe(401);
    const locked = await post(b!, '/api/user/login', { email, password });
    expect(locked.status).toBe(429);

    // Kill one during load: every request to the other is answered.
    const load = Array.from({ length: 200 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 5));
      return fetch(`${b!.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    a!.signal('SIGKILL');
    const answers = await Promise.all(load);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    expect((await a!.exited).signal).toBe('SIGKILL');
    // And the survivor still knows the session made on the dead one.
    expect((await post(b!, '/api/user/login-with-token', { token })).status).toBe(200);

    // A restarted server joins, and the two share one rate-limit budget (last: it spends this minute's budget).
    const restarted = await startServerProcess(env(3));
    running.push(restarted);
    // One rate-limit budget: 1,200 calls split over both servers get at most 1,000 answers.
    const statuses = await Promise.all(
      Array.from({ length: 1200 }, (_, i) => fetch(`${[restarted, b!][i % 2]!.url}/api/payment/plans`, { headers }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1000);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(200);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });
});
