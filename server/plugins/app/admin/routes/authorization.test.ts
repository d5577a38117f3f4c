// The authorization matrix of the administrator's calls (docs/product.md section 10): every route under
// /api/admin, discovered from the route table, called by every role with a body that would work.
// Only the administrator gets through; everyone else gets the same 401/403 `{ message, code }` and
// the database does not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type HTTPMethods } from 'fastify';
import { sql } from 'drizzle-orm';
import app from '../../../../app';
import { fastifyOptions } from '../../../../fastify-options';
import { testConfig, testDatabase } from '../../../../test/helper';
import { createAccount, createArticle, createVet, injectAs, type Account } from '../../../../test/factories';
import { messages, messageThreads, practiceClaims, reviews } from '../../../../db/schema';

let server: FastifyInstance;
const routes: { method: string; url: string }[] = [];
const accounts = {} as Record<'visitor' | 'unverified' | 'verified' | 'paid vet' | 'suspended admin' | 'admin', Account | undefined>;
let bodies: Record<string, object | string | undefined>;

beforeAll(async () => {
  const config = testConfig();
  server = Fastify(fastifyOptions(config, false));
  server.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method as HTTPMethods | HTTPMethods[]);
    // A backup's download link carries a signed ticket instead of the session (decision 180): its refusals,
    // sessions included, are in backups/routes/backups-page.test.ts.
    const ticketed = route.url === '/api/admin/backups/file';
    for (const method of methods) if (route.url.startsWith('/api/admin') && method !== 'HEAD' && !ticketed) routes.push({ method, url: route.url });
  });
  await server.register(app, { config, database: await testDatabase(), distDir: '/nonexistent-dist' });
  await server.ready();

  accounts.visitor = undefined;
  accounts.unverified = await createAccount(server, { stage: 'unverified' });
  accounts.verified = await createAccount(server, { stage: 'verified' });
  accounts['paid vet'] = await createVet(server, { plan: 3 });
  accounts['suspended admin'] = await createAccount(server, { stage: 'admin' });
  await server.database.db.execute(sql`update users set status = 'suspended' where id = ${accounts['suspended admin']!.user.id}`);
  accounts.admin = await createAccount(server, { stage: 'admin' });

  const pending = await createVet(server, { reviewState: 'pending' });
  const unverifiedTarget = await createAccount(server, { stage: 'unverified' });
  const target = await createAccount(server, { stage: 'verified' });
  const suspended = await createAccount(server, { stage: 'suspended' });
  const doomed = await createVet(server, { reviewState: 'pending' });
  const article = await createArticle(server, { published: false, contents: '<p>Words to publish.</p>' });
  const spare = await createArticle(server);
  const [heldReview] = await server.database.db
    .insert(reviews)
    .values({
      doctorId: accounts['paid vet'].user.id,
      authorId: target.user.id,
      rating: 2,
      title: 'Held for the matrix',
      text: 'A review waiting for an administrator in the authorization matrix.',
      visitMonth: '2025-01',
      species: 'dog',
      state: 'pending',
      holdReason: 'The review contains a link.',
    })
    .returning();
  const [claim] = await server.database.db
    .insert(practiceClaims)
    .values({
      doctorId: pending.user.id,
      claimantId: target.user.id,
      claimantEmail: target.user.email,
      method: 'document',
      licenseNumber: 'VET-12345',
      licenseState: 'NY',
      state: 'waiting',
    })
    .returning();
  const [thread] = await server.database.db.insert(messageThreads).values({ ownerId: target.user.id, doctorId: accounts['paid vet'].user.id }).returning();
  const [heldMessage, reportedMessage] = await server.database.db
    .insert(messages)
    .values([
      { threadId: thread!.id, sender: 'owner', senderId: target.user.id, body: 'Held for the matrix', state: 'held', holdReason: 'The matrix.' },
      { threadId: thread!.id, sender: 'owner', senderId: target.user.id, body: 'Reported for the matrix', reportCount: 1 },
    ])
    .returning();
  // A body that would succeed for an administrator, per call (for a GET, its query). A new admin call must be added here.
  bodies = {
    'POST /api/admin/review-queue': {},
    'POST /api/admin/review-profile': { user_id: pending.user.id, decision: 'approve', reason: '' },
    'POST /api/admin/articles/list': {},
    'POST /api/admin/articles/get': { id: article.id },
    'POST /api/admin/articles/create': { title: 'Matrix article', author: 'Dr. Matrix', contents: '<p>Hello</p>' },
    'POST /api/admin/articles/update': { id: article.id, title: 'Renamed by the matrix' },
    'POST /api/admin/articles/upload-image': {},
    'POST /api/admin/articles/publish': { id: article.id },
    'POST /api/admin/articles/unpublish': { id: spare.id },
    'POST /api/admin/articles/delete': { id: spare.id },
    'POST /api/admin/articles/ai-status': {},
    'POST /api/admin/articles/ai-draft': { topic: 'Cats and fresh water' },
    'POST /api/admin/users': {},
    'POST /api/admin/user': { user_id: pending.user.id },
    'POST /api/admin/verify-email': { user_id: unverifiedTarget.user.id },
    'POST /api/admin/suspend': { user_id: target.user.id },
    'POST /api/admin/reactivate': { user_id: suspended.user.id },
    'POST /api/admin/set-role': { user_id: accounts.verified.user.id, role: 'admin' },
    'POST /api/admin/delete-user': { user_id: doomed.user.id, confirm_email: doomed.user.email },
    'POST /api/admin/bulk': { action: 'suspend', user_ids: [doomed.user.id] },
    'POST /api/admin/audit-log': {},
    'POST /api/admin/subscribers': {},
    'POST /api/admin/reviews': {},
    'POST /api/admin/review-moderate': { review_id: heldReview!.id, decision: 'publish', reason: '' },
    'POST /api/admin/messages/held': {},
    'POST /api/admin/messages/release': { id: heldMessage!.id },
    'POST /api/admin/messages/remove': { id: reportedMessage!.id },
    'POST /api/admin/dashboard': { days: 30 },
    'GET /api/admin/audit-log.csv': undefined,
    'GET /api/admin/subscribers.csv': undefined,
    'GET /api/admin/backup': undefined,
    'POST /api/admin/backups': {},
    'POST /api/admin/backups/create': {},
    'POST /api/admin/backups/link': { name: 'no-such-backup.tar.gz' },
    'POST /api/admin/import': {},
    'POST /api/admin/import-status': { id: 1 },
    'POST /api/admin/imports': {},
    'POST /api/admin/claims': {},
    'POST /api/admin/claim-decide': { claim_id: claim!.id, decision: 'reject', reason: 'The licence number does not match the state board.' },
    'POST /api/admin/claim-restore': { claim_id: claim!.id },
    'GET /api/admin/claim-document': `?claim_id=${claim!.id}`,
  };
});
afterAll(async () => {
  await server.close();
});

/** Everything an admin call could change, as one value (the outbox's send state is the worker's). */
async function fingerprint(): Promise<string> {
  const result = await server.database.db.execute(sql`select
    (select md5(coalesce(string_agg(u::text, '|' order by u.id), '')) from users u) as users,
    (select md5(coalesce(string_agg(p::text, '|' order by p.user_id), '')) from profiles p) as profiles,
    (select md5(coalesce(string_agg(a::text, '|' order by a.id), '')) from articles a) as articles,
    (select count(*) || ':' || coalesce(max(id), 0) from audit_log) as audit,
    (select count(*) || ':' || coalesce(max(id), 0) from email_outbox) as outbox,
    (select count(*) from uploads) as uploads,
    (select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from reviews r) as reviews,
    (select md5(coalesce(string_agg(n::text, '|' order by n.id), '')) from newsletter_subscribers n) as subscribers`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const send = (account: Account | undefined, route: { method: string; url: string }) =>
  injectAs(server, account?.token, {
    method: route.method as 'GET' | 'POST',
    url: route.method === 'GET' && typeof bodies[key(route)] === 'string' ? `${route.url}${bodies[key(route)] as string}` : route.url,
    ...(route.method === 'POST' ? { payload: bodies[key(route)] ?? {} } : {}),
  });

describe('every administrator call', () => {
  it('is found in the route table, and each has a working body in this matrix', () => {
    expect(routes.length).toBeGreaterThanOrEqual(24);
    expect(routes.map(key).filter((k) => !(k in bodies))).toEqual([]);
  });

  it.each([
    ['visitor', 401, 'UNAUTHENTICATED'],
    ['unverified', 403, 'NOT_VERIFIED'],
    ['verified', 403, 'FORBIDDEN'],
    ['paid vet', 403, 'FORBIDDEN'],
    ['suspended admin', 401, 'UNAUTHENTICATED'],
  ] as const)('refuses the %s with %i %s and changes nothing', async (role, status, code) => {
    const before = await fingerprint();
    for (const route of routes) {
      const res = await send(accounts[role], route);
      expect({ route: key(route), status: res.statusCode, code: res.json<{ code?: string }>().code }).toEqual({ route: key(route), status, code });
      expect(res.json<{ message?: unknown }>().message).toEqual(expect.any(String));
    }
    expect(await fingerprint()).toBe(before);
  });

  it('lets the administrator through every call', async () => {
    for (const route of routes) {
      const res = await send(accounts.admin, route);
      // Some bodies are refused for their content (upload-image wants multipart, AI drafts need
      // configuration); what matters here is that no authorization refusal comes back.
      expect({ route: key(route), status: res.statusCode }).toEqual({ route: key(route), status: expect.not.toBeOneOf([401, 403, 500]) });
    }
  });
});
