// Manage Users, the activity log and subscribers (docs/product.md section 10) as an administrator meets
// them: each action and each refusal, the audit entry written with the change, sessions ended by a
// suspension, and the CSV exports with their quoting and formula escaping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, ne, or } from 'drizzle-orm';
import sharp from 'sharp';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, uniqueEmail, type Account } from '../../../../test/factories';
import { auditLog, emailOutbox, newsletterSubscribers, profiles, uploads, users, verificationCodes } from '../../../../db/schema';
import { FORGOTTEN_ADDRESS } from '../../mail/index';
import type { AdminUserDetail, AdminUsersAnswer, AuditLogAnswer, BulkAnswer, SubscribersAnswer } from '../../../../../shared/schemas/admin';

let app: FastifyInstance;
let admin: Account;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await createAccount(app, { stage: 'admin', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await app.close();
});

const call = (url: string, payload: object, account: Account | undefined = admin, headers: Record<string, string> = {}) =>
  injectAs(app, account?.token, { url: `/api/admin/${url}`, payload, headers });
const db = () => app.database.db;
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const auditFor = (id: number, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, String(id)), eq(auditLog.action, action)));

describe('the account list', () => {
  it('finds accounts by part of a name, an e-mail address or a clinic, with filters, paging and sorting on the server', async () => {
    const tag = uniqueEmail('zq').slice(3, 11).replace(/-/g, '');
    const vet = await createVet(app, {
      firstName: `Marisol${tag}`,
      lastName: 'Quintero',
      clinicName: `Harbor ${tag} Animal Clinic`,
      reviewState: 'pending',
      plan: 2,
    });
    const other = await createAccount(app, { stage: 'unverified', email: `other.${tag}@example.com` });

    const byName = (await call('users', { search: `marisol${tag}` })).json<AdminUsersAnswer>();
    expect(byName.data.map((u) => u.id)).toEqual([vet.user.id]);
    expect(byName.data[0]).toMatchObject({
      email: vet.user.email,
      clinic_name: `Harbor ${tag} Animal Clinic`,
      review_state: 'pending',
      suspended: false,
      payment: { plan: 2 },
      claimed: true,
    });
    expect((await call('users', { search: `HARBOR ${tag}` })).json<AdminUsersAnswer>().data.map((u) => u.id)).toEqual([vet.user.id]);
    expect((await call('users', { search: `other.${tag}@` })).json<AdminUsersAnswer>().data.map((u) => u.id)).toEqual([other.user.id]);
    // LIKE wildcards are matched literally.
    expect((await call('users', { search: '%_%' })).json<AdminUsersAnswer>().totalCount).toBe(0);

    const tagged = async (filters: object) => (await call('users', { search: tag, ...filters })).json<AdminUsersAnswer>().data.map((u) => u.id);
    expect(await tagged({ verified: false })).toEqual([other.user.id]);
    expect(await tagged({ plan: 2 })).toEqual([vet.user.id]);
    expect(await tagged({ plan: 0 })).toEqual([other.user.id]);
    expect(await tagged({ review_state: 'pending' })).toEqual([vet.user.id]);
    expect(await tagged({ role: 'admin' })).toEqual([]);
    expect(await tagged({ suspended: true })).toEqual([]);
    expect(await tagged({ sort: 'email' })).toEqual([
      vet.user.email < other.user.email ? vet.user.id : other.user.id,
      vet.user.email < other.user.email ? other.user.id : vet.user.id,
    ]);

    const page1 = (await call('users', { search: tag, page: 1, pageSize: 1, sort: '-created_at' })).json<AdminUsersAnswer>();
    const page2 = (await call('users', { search: tag, page: 2, pageSize: 1, sort: '-created_at' })).json<AdminUsersAnswer>();
    expect(page1.totalCount).toBe(2);
    expect([...page1.data, ...page2.data].map((u) => u.id)).toEqual([other.user.id, vet.user.id]);
  });

  it('refuses unknown filters and wrong types with a 400 naming the field', async () => {
    const res = await call('users', { plan: 'gold' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.stringContaining('plan') });
    expect((await call('users', { pageSize: 1000 })).statusCode).toBe(400);
    expect((await call('users', { password_hash: 'x' })).statusCode).toBe(400);
  });

  it('never shows a password hash', async () => {
    const res = await call('users', { pageSize: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|\$argon2/i);
  });
});

describe('one account', () => {
  it('shows the account with profile, subscription, review history and recent activity', async () => {
    const vet = await createVet(app, { reviewState: 'pending', plan: 3 });
    expect((await call('review-profile', { user_id: vet.user.id, decision: 'approve', reason: '' })).statusCode).toBe(200);
    const res = await call('user', { user_id: vet.user.id });
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminUserDetail>();
    expect(detail.user).toMatchObject({ id: vet.user.id, email: vet.user.email, review_state: 'approved', suspended: false, payment: { plan: 3 } });
    expect(detail.user.profile).toMatchObject({ clinic_name: expect.any(String), city: 'New York' });
    expect(detail.listed).toBe(true);
    expect(detail.subscription).toMatchObject({ plan: 3, status: 'active', provider: 'sandbox' });
    expect(detail.review_history.map((e) => e.action)).toEqual(['profile.approved']);
    expect(detail.review_history[0]).toMatchObject({ actor_id: admin.user.id, actor_email: admin.user.email, ip: '127.0.0.1' });
    expect(detail.recent_activity.map((e) => e.action)).toContain('profile.approved');
    expect(res.body).not.toMatch(/password_hash|passwordHash|token_version/);
  });

  it('answers 404 for a missing account', async () => {
    const res = await call('user', { user_id: 2_000_000_000 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'There is no account with this id.' });
  });
});

describe('actions', () => {
  it('verifies an e-mail address by hand, once, with an audit entry holding the address and the change', async () => {
    const user = await createAccount(app, { stage: 'unverified' });
    const res = await call('verify-email', { user_id: user.user.id }, admin, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.user.id, verify: true });
    expect((await userRow(user.user.id))!.verify).toBe(true);
    const [entry] = await auditFor(user.user.id, 'user.verify_email');
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'user', ip: '127.0.0.1', details: { verify: { from: false, to: true } } });

    const again = await call('verify-email', { user_id: user.user.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_VERIFIED' });
    expect(await auditFor(user.user.id, 'user.verify_email')).toHaveLength(1);
  });

  it('suspends: the open session is refused at once, sign-in is refused, search drops the profile; reactivation lets the user sign in again', async () => {
    const vet = await createVet(app, { zip: '10001' });
    const listed = async () => (await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: vet.user.id } })).statusCode === 200;
    expect(await listed()).toBe(true);
    expect((await injectAs(app, vet.token, { url: '/api/user/login-with-token', payload: { token: vet.token } })).statusCode).toBe(200);

    const res = await call('suspend', { user_id: vet.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ suspended: true });
    const refused = await injectAs(app, vet.token, { url: '/api/payment/subscription', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: vet.user.email, password: vet.password } });
    expect(login.statusCode).toBe(403);
    expect(await listed()).toBe(false);
    expect(await auditFor(vet.user.id, 'user.suspend')).toHaveLength(1);
    expect((await call('suspend', { user_id: vet.user.id })).json()).toMatchObject({ code: 'ALREADY_SUSPENDED' });

    expect((await call('reactivate', { user_id: vet.user.id })).statusCode).toBe(200);
    // The old session stays ended; a new sign-in works.
    expect((await injectAs(app, vet.token, { url: '/api/payment/subscription', payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: vet.user.email, password: vet.password } })).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect(await auditFor(vet.user.id, 'user.reactivate')).toHaveLength(1);
    expect((await call('reactivate', { user_id: vet.user.id })).json()).toMatchObject({ code: 'NOT_SUSPENDED' });
  });

  it('refuses to suspend an administrator or yourself', async () => {
    const other = await createAccount(app, { stage: 'admin' });
    expect((await call('suspend', { user_id: other.user.id })).json()).toMatchObject({ code: 'IS_ADMIN' });
    expect((await call('suspend', { user_id: admin.user.id })).json()).toMatchObject({ code: 'SELF' });
    expect((await userRow(other.user.id))!.status).toBe('active');
  });

  it('makes and unmakes an administrator; the new administrator gets in at once', async () => {
    const user = await createAccount(app, { stage: 'verified' });
    expect((await call('users', {}, user)).statusCode).toBe(403);
    const made = await call('set-role', { user_id: user.user.id, role: 'admin' });
    expect(made.statusCode).toBe(200);
    expect(made.json().user).toMatchObject({ manage_role: 'admin' });
    expect((await call('users', {}, user)).statusCode).toBe(200);
    expect((await call('set-role', { user_id: user.user.id, role: 'admin' })).json()).toMatchObject({ code: 'SAME_ROLE' });
    expect((await call('set-role', { user_id: user.user.id, role: 'user' })).statusCode).toBe(200);
    expect((await call('users', {}, user)).statusCode).toBe(403);
    const entries = await auditFor(user.user.id, 'user.set_role');
    expect(entries.map((e) => e.details)).toEqual(
      expect.arrayContaining([{ manage_role: { from: 'user', to: 'admin' } }, { manage_role: { from: 'admin', to: 'user' } }]),
    );
  });

  it('refuses an unverified or suspended account as administrator', async () => {
    const unverified = await createAccount(app, { stage: 'unverified' });
    expect((await call('set-role', { user_id: unverified.user.id, role: 'admin' })).json()).toMatchObject({ code: 'NOT_VERIFIED' });
    const suspended = await createAccount(app, { stage: 'suspended' });
    expect((await call('set-role', { user_id: suspended.user.id, role: 'admin' })).json()).toMatchObject({ code: 'SUSPENDED' });
  });

  it('asks for a second confirmation before administrators demote themselves', async () => {
    const self = await createAccount(app, { stage: 'admin' });
    const first = await call('set-role', { user_id: self.user.id, role: 'user' }, self);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: 'CONFIRM_REQUIRED', field: 'confirm' });
    expect((await userRow(self.user.id))!.manageRole).toBe('admin');
    expect(await auditFor(self.user.id, 'user.set_role')).toHaveLength(0);
    const confirmed = await call('set-role', { user_id: self.user.id, role: 'user', confirm: true }, self);
    expect(confirmed.statusCode).toBe(200);
    expect((await userRow(self.user.id))!.manageRole).toBe('user');
  });

  it('never demotes the last administrator', async () => {
    // This worker's database is shared by the files it runs one after another: the other
    // administrators step aside for this test and come back after it.
    const others = await db()
      .update(users)
      .set({ manageRole: 'user' })
      .where(and(eq(users.manageRole, 'admin'), ne(users.id, admin.user.id)))
      .returning({ id: users.id });
    try {
      const res = await call('set-role', { user_id: admin.user.id, role: 'user', confirm: true });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LAST_ADMIN', message: 'This is the last administrator. Make someone else an administrator first.' });
      expect((await userRow(admin.user.id))!.manageRole).toBe('admin');
    } finally {
      for (const { id } of others) await db().update(users).set({ manageRole: 'admin' }).where(eq(users.id, id));
    }
  });

  it('deletes an account with its profile, uploads, codes and queued e-mails after the address is typed', async () => {
    const vet = await createVet(app, { reviewState: 'pending' });
    const email = vet.user.email;
    await db()
      .insert(uploads)
      .values({ key: `avatars/u${vet.user.id}-abc/256.webp`, contentType: 'image/webp', bytes: Buffer.from('x'), size: 1, ownerId: vet.user.id });
    await db()
      .update(profiles)
      .set({ avatarKey: `avatars/u${vet.user.id}-abc` })
      .where(eq(profiles.userId, vet.user.id));
    await db()
      .insert(verificationCodes)
      .values({ email, purpose: 'password_reset', codeHash: 'h', expiresAt: new Date(Date.now() + 60_000) });
    await db()
      .insert(emailOutbox)
      .values({ toAddress: email, subject: 's', textBody: 't', htmlBody: 'h', kind: 'test', nextAttemptAt: new Date(Date.now() + 3_600_000) });

    const wrong = await call('delete-user', { user_id: vet.user.id, confirm_email: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CONFIRM_EMAIL', field: 'confirm_email' });
    expect(await userRow(vet.user.id)).toBeDefined();

    const res = await call('delete-user', { user_id: vet.user.id, confirm_email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(await userRow(vet.user.id)).toBeUndefined();
    expect(await db().select().from(profiles).where(eq(profiles.userId, vet.user.id))).toHaveLength(0);
    expect(await db().select().from(uploads).where(eq(uploads.ownerId, vet.user.id))).toHaveLength(0);
    expect(await db().select().from(verificationCodes).where(eq(verificationCodes.email, email))).toHaveLength(0);
    // Only the confirmation of the deletion waits for the address (docs/product.md section 22).
    // (Once sent, the outbox forgets even that address: the worker may already have sent it.)
    const kinds = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((row) => row.kind);
    expect(kinds.filter((kind) => kind !== 'account_deleted')).toEqual([]);
    const confirmations = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'account_deleted'), or(eq(emailOutbox.toAddress, email), eq(emailOutbox.toAddress, FORGOTTEN_ADDRESS))));
    expect(confirmations.length).toBeGreaterThan(0);
    const [entry] = await auditFor(vet.user.id, 'user.delete');
    // The entry stays without the account's personal data (docs/product.md section 22).
    expect(entry).toMatchObject({ actorId: admin.user.id, ip: '127.0.0.1', details: { by: 'administrator', removed: { uploads: 1 } } });
    expect(JSON.stringify(entry!.details)).not.toContain(email);
    // The session of the deleted account opens nothing.
    expect((await injectAs(app, vet.token, { url: '/api/payment/subscription', payload: {} })).statusCode).toBe(401);
  });

  it('keeps the images of published articles when their uploader, a former administrator, is deleted', async () => {
    const editor = await createAccount(app, { stage: 'admin' });
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const boundary = 'cover-boundary';
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ncover\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const cover = await injectAs(app, editor.token, {
      url: '/api/admin/articles/upload-image',
      payload: form,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(cover.statusCode).toBe(200);
    const coverUrl = cover.json<{ url: string }>().url;
    const article = await injectAs(app, editor.token, {
      url: '/api/admin/articles/create',
      payload: { title: 'Cover kept', author: 'Dr. Maria Alvarez', contents: '<p>Text.</p>', img_url: coverUrl, img_alt: 'Cover' },
    });
    expect(article.statusCode).toBe(200);
    expect((await injectAs(app, editor.token, { url: '/api/admin/articles/publish', payload: { id: article.json<{ id: number }>().id } })).statusCode).toBe(
      200,
    );
    // The editor's own avatar goes with the account.
    await db()
      .insert(uploads)
      .values({ key: `avatars/u${editor.user.id}-own/256.webp`, contentType: 'image/webp', bytes: Buffer.from('x'), size: 1, ownerId: editor.user.id });

    expect((await call('set-role', { user_id: editor.user.id, role: 'user' })).statusCode).toBe(200);
    expect((await call('delete-user', { user_id: editor.user.id, confirm_email: editor.user.email })).statusCode).toBe(200);

    const served = await app.inject({ method: 'GET', url: coverUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(
      await db()
        .select({ key: uploads.key })
        .from(uploads)
        .where(eq(uploads.key, `avatars/u${editor.user.id}-own/256.webp`)),
    ).toHaveLength(0);
  });

  it('refuses to delete an administrator until demoted, and a missing account with 404', async () => {
    const other = await createAccount(app, { stage: 'admin' });
    const res = await call('delete-user', { user_id: other.user.id, confirm_email: other.user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IS_ADMIN' });
    expect(await userRow(other.user.id)).toBeDefined();
    const missing = await call('delete-user', { user_id: 2_000_000_001, confirm_email: 'nobody@example.com' });
    expect(missing.statusCode).toBe(404);
  });

  it.each(['verify-email', 'suspend', 'reactivate'])('%s on a missing account answers 404 and writes nothing', async (verb) => {
    const before = (await db().select().from(auditLog).where(eq(auditLog.targetId, '2000000002'))).length;
    const res = await call(verb, { user_id: 2_000_000_002 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await db().select().from(auditLog).where(eq(auditLog.targetId, '2000000002'))).length).toBe(before);
  });

  it('set-role on a missing account answers 404', async () => {
    expect((await call('set-role', { user_id: 2_000_000_003, role: 'admin' })).statusCode).toBe(404);
  });

  it('bulk approves and bulk suspends, reporting each account', async () => {
    const a = await createVet(app, { reviewState: 'pending' });
    const b = await createVet(app, { reviewState: 'pending' });
    const draft = await createVet(app, { reviewState: 'draft' });
    const approve = (await call('bulk', { action: 'approve', user_ids: [a.user.id, b.user.id, draft.user.id, 2_000_000_004] })).json<BulkAnswer>();
    expect(approve.done).toBe(2);
    expect(approve.results).toEqual([
      { user_id: a.user.id, ok: true },
      { user_id: b.user.id, ok: true },
      { user_id: draft.user.id, ok: false, code: 'NOT_IN_REVIEW', message: expect.any(String) },
      { user_id: 2_000_000_004, ok: false, code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    expect((await userRow(a.user.id))!.reviewState).toBe('approved');
    expect(await auditFor(a.user.id, 'profile.approved')).toHaveLength(1);

    const suspend = (await call('bulk', { action: 'suspend', user_ids: [a.user.id, admin.user.id] })).json<BulkAnswer>();
    expect(suspend.done).toBe(1);
    expect((await userRow(a.user.id))!.status).toBe('suspended');
    expect((await userRow(admin.user.id))!.status).toBe('active');
    expect((await call('bulk', { action: 'delete', user_ids: [a.user.id] })).statusCode).toBe(400);
  });
});

describe('the activity log', () => {
  it('lists entries newest first with actor, target, address and changes, filtered by action, actor and target', async () => {
    const user = await createAccount(app, { stage: 'verified' });
    await call('suspend', { user_id: user.user.id });
    await call('reactivate', { user_id: user.user.id });
    const byTarget = (await call('audit-log', { target_id: user.user.id })).json<AuditLogAnswer>();
    expect(byTarget.data.map((e) => e.action)).toEqual(['user.reactivate', 'user.suspend']);
    expect(byTarget.data[1]).toMatchObject({
      actor_id: admin.user.id,
      target_id: String(user.user.id),
      ip: '127.0.0.1',
      changes: { status: { from: 'active', to: 'suspended' } },
      actor_email: admin.user.email,
      target_label: expect.stringContaining(user.user.email),
      at: expect.any(String),
      id: expect.any(Number),
    });
    const byAction = (await call('audit-log', { action: 'user.suspend', actor_id: admin.user.id, pageSize: 1 })).json<AuditLogAnswer>();
    expect(byAction.data).toHaveLength(1);
    expect(byAction.data[0]!.action).toBe('user.suspend');
    expect(byAction.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('records article changes with the client address', async () => {
    const res = await call('articles/create', { title: 'Audit me', author: 'Dr. Who', contents: '<p>Text</p>' });
    expect(res.statusCode).toBe(200);
    const entries = (await call('audit-log', { action: 'article.create', target_id: String(res.json().id) })).json<AuditLogAnswer>();
    expect(entries.data[0]).toMatchObject({ target_type: 'article', ip: '127.0.0.1', target_label: 'Audit me' });
  });

  it('exports CSV with the Authorization header, quoting and formula cells made inert', async () => {
    const user = await createAccount(app, { stage: 'unverified', firstName: '=HYPERLINK("http://evil.example","x")', lastName: 'Smith, Jr.' });
    await call('verify-email', { user_id: user.user.id });
    const res = await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/audit-log.csv?target_id=${user.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"id","at","actor_id","actor_email","action","target_type","target_id","target","ip","changes"');
    expect(lines[1]).toContain(
      `,"user.verify_email","user","${user.user.id}","'=HYPERLINK(""http://evil.example"",""x"") Smith, Jr. <${user.user.email}>","127.0.0.1",`,
    );
    expect((await injectAs(app, undefined, { method: 'GET', url: '/api/admin/audit-log.csv' })).statusCode).toBe(401);
  });

  it('quotes every text cell and makes a formula after a semicolon inert (docs/security.md, Second review, row 7)', async () => {
    const user = await createAccount(app, { stage: 'unverified', firstName: 'a;=2+5;', lastName: 'b' });
    await call('verify-email', { user_id: user.user.id });
    const res = await injectAs(app, admin.token, { method: 'GET', url: `/api/admin/audit-log.csv?target_id=${user.user.id}` });
    const row = res.body.split('\r\n')[1]!;
    expect(row).toContain(`,"a;'=2+5; b <${user.user.email}>",`);
    // Read with ';' separators and quotes ignored (the worst case): no piece starts a formula.
    for (const piece of row.split(';')) expect(piece.replace(/^"+/, '')).not.toMatch(/^[=+\-@]/);
  });
});

describe('subscribers', () => {
  it('lists subscribers by state and exports the confirmed ones as CSV', async () => {
    const confirmed = `-2+3${uniqueEmail('sub')}`;
    const pending = uniqueEmail('pend');
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email: confirmed, status: 'confirmed', confirmedAt: new Date(), unsubscribeToken: `t-${confirmed}` },
        { email: pending, status: 'pending', unsubscribeToken: `t-${pending}` },
      ]);
    const list = (await call('subscribers', { state: 'pending', pageSize: 100 })).json<SubscribersAnswer>();
    expect(list.data.map((s) => s.email)).toContain(pending);
    expect(list.data.every((s) => s.state === 'pending')).toBe(true);

    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/subscribers.csv' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"email","confirmed_at","subscribed_at"');
    expect(lines.some((l) => l.startsWith(`"'${confirmed}",`))).toBe(true);
    expect(res.body).not.toContain(pending);
  });
});
