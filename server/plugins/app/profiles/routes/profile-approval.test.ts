// Profile approval by an administrator (docs/product.md, Profile and review): the queue, approve and reject with a reason,
// the vet's e-mail through a real SMTP server, the audit log, and search seeing the decision at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { insertTestZips, step1Body, step2Body } from '../../../../test/profile-fixtures';
import { auditLog, emailOutbox, users } from '../../../../db/schema';
import type { User } from '../../../../../shared/types/user';

let app: FastifyInstance;
let smtp: SmtpCapture;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Not a rate-limit test: with REDIS_URL the per-address budget is shared by every test run on the machine.
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000', SEARCH_CACHE_SECONDS: '30' });
  await insertTestZips(app);
  admin = await createAccount(app, { stage: 'admin' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const queue = (account: Account | undefined, payload: object = {}) => injectAs(app, account?.token, { url: '/api/admin/review-queue', payload });
const review = (account: Account | undefined, payload: object) => injectAs(app, account?.token, { url: '/api/admin/review-profile', payload });
const searchNear = async (zip: string) =>
  (await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: zip, searchCount: 50 } }))
    .json<{ data: { id: number }[] }>()
    .data.map((d) => d.id);
const publicProfile = (id: number) => app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id } });

/** A paid vet who went through the wizard and submitted, near the Wyoming test zip. */
async function submittedVet(firstName: string): Promise<Account> {
  const vet = await createAccount(app, { stage: 'paid', firstName, lastName: 'Queue' });
  for (const [url, body] of [
    ['setupProfileStep1', step1Body({ zip: '82190', clinic_name: `${firstName} Park Clinic` })],
    ['setupProfileStep2', step2Body({ time_zone: 'America/Denver' })],
    ['profile-submit', {}],
  ] as const) {
    expect((await injectAs(app, vet.token, { url: `/api/user/${url}`, payload: body })).statusCode).toBe(200);
  }
  return vet;
}

describe('who may approve profiles', () => {
  it('refuses visitors, unverified accounts, vets with a plan and vets calling for their own profile', async () => {
    const vet = await submittedVet('Selfie');
    const callers: [Account | undefined, number, string][] = [
      [undefined, 401, 'UNAUTHENTICATED'],
      [await createAccount(app, { stage: 'unverified' }), 403, 'NOT_VERIFIED'],
      [await createAccount(app, { stage: 'paid' }), 403, 'FORBIDDEN'],
      [vet, 403, 'FORBIDDEN'],
    ];
    for (const [caller, status, code] of callers) {
      const list = await queue(caller);
      expect(list.statusCode).toBe(status);
      expect(list.json()).toMatchObject({ code });
      const decide = await review(caller, { user_id: vet.user.id, decision: 'approve', reason: '' });
      expect(decide.statusCode).toBe(status);
      expect(decide.json()).toMatchObject({ code });
    }
    const [row] = await app.database.db.select().from(users).where(eq(users.id, vet.user.id));
    expect(row!.reviewState).toBe('pending');
  });
});

describe('the approval queue', () => {
  it('lists submitted profiles oldest first, paged, with the whole profile to open', async () => {
    const first = await submittedVet('Ava');
    const second = await submittedVet('Ben');
    const all = (await queue(admin, { pageSize: 100 })).json<{ data: { user: User }[]; totalCount: number }>();
    const ids = all.data.map((d) => d.user.id);
    expect(ids.indexOf(first.user.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(second.user.id));
    expect(all.data.every((d) => d.user.review_state === 'pending')).toBe(true);
    expect(all.totalCount).toBe(all.data.length);
    const item = all.data.find((d) => d.user.id === first.user.id)!;
    expect(item.user.profile).toMatchObject({ clinic_name: 'Ava Park Clinic', zip: '82190', state: 'WY' });
    expect(JSON.stringify(item)).not.toMatch(/password/i);

    const page1 = (await queue(admin, { page: 1, pageSize: 1 })).json<{ data: unknown[]; totalCount: number }>();
    const page2 = (await queue(admin, { page: 2, pageSize: 1 })).json<{ data: { user: User }[] }>();
    expect(page1.data).toHaveLength(1);
    expect(page1.totalCount).toBe(all.totalCount);
    expect(page2.data[0]!.user.id).toBe(ids[1]);
    expect((await queue(admin, { pageSize: 1000 })).statusCode).toBe(400);
    expect((await queue(admin, { state: 'everything' })).statusCode).toBe(400);
  });
});

describe('deciding', () => {
  it('approve: the profile is listed at once, the vet is e-mailed and the decision is in the audit log', async () => {
    const vet = await submittedVet('Cleo');
    expect(await searchNear('82190')).not.toContain(vet.user.id);
    expect((await publicProfile(vet.user.id)).statusCode).toBe(404);

    const res = await review(admin, { user_id: vet.user.id, decision: 'approve', reason: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ id: vet.user.id, review_state: 'approved', review_reason: null });

    expect(await searchNear('82190')).toContain(vet.user.id);
    expect((await publicProfile(vet.user.id)).json()).toMatchObject({ id: vet.user.id, clinic_name: 'Cleo Park Clinic' });
    const mail = await smtp.waitFor((m) => m.to.includes(vet.user.email));
    expect(mail.subject).toMatch(/profile is approved/);
    expect(mail.decoded).toContain('http://localhost:3000/viewprofile');
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(vet.user.id)), eq(auditLog.action, 'profile.approved')));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'profile' });
    expect(entry!.details).toMatchObject({ changes: { review_state: { from: 'pending', to: 'approved' } } });

    // A second decision on the same profile (another administrator a moment later) changes nothing.
    const again = await review(admin, { user_id: vet.user.id, decision: 'approve', reason: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_IN_REVIEW', message: 'This profile is not waiting for review.' });
  });

  it('reject needs a reason, which the vet reads in the e-mail and on their user; resubmitting puts it back in the queue', async () => {
    const vet = await submittedVet('Dex');
    const noReason = await review(admin, { user_id: vet.user.id, decision: 'reject', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'REASON_REQUIRED', field: 'reason' });
    const outboxBefore = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, vet.user.email));
    expect(outboxBefore).toHaveLength(0);

    const reason = 'The licence number does not match the state board listing.';
    const res = await review(admin, { user_id: vet.user.id, decision: 'reject', reason });
    expect(res.json<{ user: User }>().user).toMatchObject({ review_state: 'rejected', review_reason: reason });
    const mail = await smtp.waitFor((m) => m.to.includes(vet.user.email));
    expect(mail.subject).toMatch(/needs changes/);
    expect(mail.decoded).toContain(reason);
    expect(mail.decoded).toContain('http://localhost:3000/setupprofile');
    expect(await searchNear('82190')).not.toContain(vet.user.id);

    const me = await app.inject({ method: 'POST', url: '/api/user/login-with-token', payload: { token: vet.token } });
    expect(me.json<{ user: User }>().user.profile).toMatchObject({ review_state: 'rejected', review_reason: reason });

    await injectAs(app, vet.token, { url: '/api/user/setupProfileStep2', payload: step2Body({ license_number: 'WY-2024-77' }) });
    const resubmitted = await injectAs(app, vet.token, { url: '/api/user/profile-submit' });
    expect(resubmitted.json<User>().profile?.review_state).toBe('pending');
    const ids = (await queue(admin, { pageSize: 100 })).json<{ data: { user: User }[] }>().data.map((d) => d.user.id);
    expect(ids).toContain(vet.user.id);
  });

  it('can take an approved profile out of search by rejecting it, and shows the changes made since approval', async () => {
    const vet = await createVet(app, { zip: '82190', state: 'WY', city: 'Yellowstone National Park', latitude: 44.7957, longitude: -110.6137 });
    await app.database.db
      .update(users)
      .set({ reviewedAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, vet.user.id));
    await injectAs(app, vet.token, { url: '/api/user/change-summary', payload: { summary: 'Cheapest vet, cures everything.' } });
    const approved = (await queue(admin, { state: 'approved', pageSize: 100 })).json<{
      data: { user: User; changes: { section: string; fields: string[] }[] }[];
    }>();
    const item = approved.data.find((d) => d.user.id === vet.user.id)!;
    expect(item.changes).toEqual([expect.objectContaining({ section: 'summary', fields: ['summary'] })]);

    const res = await review(admin, { user_id: vet.user.id, decision: 'reject', reason: 'Claims in the summary cannot be verified.' });
    expect(res.statusCode).toBe(200);
    expect(await searchNear('82190')).not.toContain(vet.user.id);
  });

  it('answers 404 for an unknown user or an administrator, and 400 for a bad decision', async () => {
    expect((await review(admin, { user_id: 99_999_999, decision: 'approve', reason: '' })).statusCode).toBe(404);
    expect((await review(admin, { user_id: admin.user.id, decision: 'approve', reason: '' })).statusCode).toBe(404);
    const bad = await review(admin, { user_id: admin.user.id, decision: 'maybe', reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
