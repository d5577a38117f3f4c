// The activity log's filters by name or e-mail address (docs/product.md 29.7): an administrator types part of a
// person's name or address, not an id, for who acted and for the account acted on; the CSV export takes the same
// filters; text that finds nobody finds no entries; a LIKE wildcard is taken literally; too long is a 400 sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, injectAs, type Account } from '../../../../test/factories';
import type { AuditLogAnswer } from '../../../../../shared/schemas/admin';

let app: FastifyInstance;
let alice: Account;
let bruno: Account;
let target: Account;
const tag = Date.now().toString(36);

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  alice = await createAccount(app, { stage: 'admin', firstName: 'Alice', lastName: `Quill${tag}`, email: `alice.${tag}@example.com` });
  bruno = await createAccount(app, { stage: 'admin', firstName: 'Bruno', lastName: `Stone${tag}`, email: `bruno.${tag}@example.com` });
  target = await createAccount(app, { firstName: 'Tamsin', lastName: `Reed${tag}`, email: `tamsin.${tag}@example.com` });
  const other = await createAccount(app, { firstName: 'Otto', lastName: `Vale${tag}` });
  // Alice suspends Tamsin, Bruno reactivates her, and Bruno also suspends Otto.
  const act = (admin: Account, verb: string, user: Account) => injectAs(app, admin.token, { url: `/api/admin/${verb}`, payload: { user_id: user.user.id } });
  expect((await act(alice, 'suspend', target)).statusCode).toBe(200);
  expect((await act(bruno, 'reactivate', target)).statusCode).toBe(200);
  expect((await act(bruno, 'suspend', other)).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const activity = async (payload: object) => {
  const answer = await injectAs(app, alice.token, { url: '/api/admin/audit-log', payload: { pageSize: 50, ...payload } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AuditLogAnswer>();
};

describe('the activity filters take names and e-mail addresses', () => {
  it('finds who acted by e-mail address, by part of it and by full name, in any case', async () => {
    for (const actor of [`bruno.${tag}@example.com`, `BRUNO.${tag}`, `Bruno Stone${tag}`]) {
      const found = await activity({ actor });
      expect(found.data.length, actor).toBe(2);
      expect(found.data.every((e) => e.actor_email === bruno.user.email)).toBe(true);
      expect(found.data.map((e) => e.action).sort()).toEqual(['user.reactivate', 'user.suspend']);
    }
  });

  it('finds the account acted on by name or e-mail, and combines with who acted and the action', async () => {
    const onTamsin = await activity({ target: `tamsin.${tag}@example.com` });
    expect(onTamsin.data.map((e) => e.action)).toEqual(['user.reactivate', 'user.suspend']);
    expect(onTamsin.data.every((e) => e.target_id === String(target.user.id))).toBe(true);
    expect((await activity({ target: `Tamsin Reed${tag}`, actor: `alice.${tag}` })).data.map((e) => e.action)).toEqual(['user.suspend']);
    expect((await activity({ target: `reed${tag}`, action: 'user.reactivate' })).data.map((e) => e.actor_email)).toEqual([bruno.user.email]);
  });

  it('finds nothing for text that names nobody, and takes % and _ literally', async () => {
    expect(await activity({ actor: `nobody-${tag}@example.com` })).toEqual({ data: [], totalCount: 0 });
    expect((await activity({ actor: '%' })).totalCount).toBe(0);
    expect((await activity({ target: '_' })).totalCount).toBe(0);
  });

  it('the CSV export takes the same filters', async () => {
    const csv = await injectAs(app, alice.token, {
      method: 'GET',
      url: `/api/admin/audit-log.csv?actor=${encodeURIComponent(`bruno.${tag}`)}&target=${encodeURIComponent(`Tamsin`)}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('user.reactivate');
    expect(lines[1]).toContain(bruno.user.email);
  });

  it('refuses a filter longer than 120 characters with a sentence naming it, and anyone but an administrator', async () => {
    const long = await injectAs(app, alice.token, { url: '/api/admin/audit-log', payload: { actor: 'a'.repeat(121) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/actor/);
    expect((await injectAs(app, (await createAccount(app)).token, { url: '/api/admin/audit-log', payload: { actor: 'alice' } })).statusCode).toBe(403);
    expect((await injectAs(app, undefined, { url: '/api/admin/audit-log', payload: { actor: 'alice' } })).statusCode).toBe(401);
  });
});
