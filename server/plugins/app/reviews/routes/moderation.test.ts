// Moderation of pet owners' reviews (docs/product.md section 13): the queue with the screening's reasons,
// publish, reject and remove with a reason, each audited and e-mailed to the author (real SMTP), the
// public list following at once, and who may moderate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { auditLog, reviews } from '../../../../db/schema';
import type { AdminReviewsAnswer, ReviewListAnswer } from '../../../../../shared/schemas/review';

let app: FastifyInstance;
let smtp: SmtpCapture;
let admin: Account;
let vet: Account;
const DAY = 86_400_000;
let clients = 0;
const newClient = () => `10.30.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await createAccount(app, { stage: 'admin' });
  vet = await createVet(app, { clinicName: 'Birch Hill Veterinary' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const owner = (firstName = 'Olive') => createAccount(app, { accountType: 'owner', firstName, createdAt: new Date(Date.now() - 3 * DAY) });
const write = async (author: Account, text = 'The whole team was patient with our nervous rabbit.') => {
  const answer = await injectAs(app, author.token, {
    url: '/api/reviews/create',
    remoteAddress: newClient(),
    payload: { doctor_id: vet.user.id, rating: 4, title: 'Patient team', text, visit_month: '2025-01', species: 'rabbit' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ id: number; state: string }>();
};
const heldReview = (author: Account) => write(author, 'Patient team, and they gave me a discount code at http://example.com/rabbits');
const queue = (account: Account | undefined, payload: object = {}) => injectAs(app, account?.token, { url: '/api/admin/reviews', payload });
const moderate = (account: Account | undefined, payload: object) => injectAs(app, account?.token, { url: '/api/admin/review-moderate', payload });
const publicIds = async () =>
  (await app.inject({ method: 'POST', url: '/api/reviews/list', payload: { doctor_id: vet.user.id, pageSize: 50 } }))
    .json<ReviewListAnswer>()
    .data.map((r) => r.id);
const stateOf = async (id: number) => (await app.database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!.state;

describe('who may moderate', () => {
  it('only administrators; anyone else gets 401 or 403 and nothing changes', async () => {
    const author = await owner();
    const { id } = await heldReview(author);
    const forged = `${admin.token.split('.').slice(0, 2).join('.')}.${'B'.repeat(43)}`;
    const callers: [string | undefined, number][] = [
      [undefined, 401],
      [forged, 401],
      [author.token, 403],
      [vet.token, 403],
      [(await owner()).token, 403],
      [(await createAccount(app, { stage: 'unverified' })).token, 403],
    ];
    for (const [token, status] of callers) {
      expect((await injectAs(app, token, { url: '/api/admin/reviews', payload: {} })).statusCode).toBe(status);
      expect((await injectAs(app, token, { url: '/api/admin/review-moderate', payload: { review_id: id, decision: 'publish', reason: '' } })).statusCode).toBe(
        status,
      );
    }
    expect(await stateOf(id)).toBe('pending');
  });

  it("an administrator's own review waits for another administrator", async () => {
    const writer = await createAccount(app, { stage: 'admin', createdAt: new Date(Date.now() - 3 * DAY) });
    const { id } = await heldReview(writer);
    const own = await moderate(writer, { review_id: id, decision: 'publish', reason: '' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/another administrator/);
    expect((await moderate(admin, { review_id: id, decision: 'publish', reason: '' })).statusCode).toBe(200);
  });
});

describe('the queue', () => {
  it('lists held reviews waiting longest first, with the reasons, both accounts and the reports; other states on request', async () => {
    const first = await heldReview(await owner('Ada'));
    const second = await heldReview(await owner('Ben'));
    const answer = await queue(admin, { pageSize: 100 });
    expect(answer.statusCode).toBe(200);
    const { data, totalCount } = answer.json<AdminReviewsAnswer>();
    expect(totalCount).toBe(data.length);
    const ids = data.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(data.find((r) => r.id === first.id)).toMatchObject({
      state: 'pending',
      hold_reason: 'The review contains a link.',
      author: { first_name: 'Ada' },
      doctor: { id: vet.user.id, clinic_name: 'Birch Hill Veterinary' },
      report_count: 0,
      reports: [],
      client_ip: expect.any(String),
    });
    const publishedList = (await queue(admin, { state: 'published' })).json<AdminReviewsAnswer>();
    expect(publishedList.data.every((r) => r.state === 'published')).toBe(true);
    expect((await queue(admin, { state: 'deleted' })).json()).toMatchObject({ field: 'state' });
    expect((await queue(admin, { pageSize: 101 })).statusCode).toBe(400);
  });
});

describe('decisions', () => {
  it('publish: the review shows at once, the decision is audited and the author e-mailed; reports start again from zero', async () => {
    const author = await owner('Pia');
    const { id } = await heldReview(author);
    expect(await publicIds()).not.toContain(id);
    const decided = await moderate(admin, { review_id: id, decision: 'publish', reason: 'The link is to a rabbit charity; fine.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().review).toMatchObject({ id, state: 'published', hold_reason: null, moderation_reason: 'The link is to a rabbit charity; fine.' });
    expect(await publicIds()).toContain(id);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.published'), eq(auditLog.targetId, String(id))));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'review' });
    expect(entry!.details).toMatchObject({ reason: 'The link is to a rabbit charity; fine.', changes: { state: { from: 'pending', to: 'published' } } });
    const mail = await smtp.waitFor((m) => m.to.includes(author.user.email) && /published/.test(m.subject));
    expect(mail.decoded).toContain('The link is to a rabbit charity; fine.');
    expect(mail.decoded).toContain(`/viewdoctorprofile/${vet.user.id}`);

    const again = await moderate(admin, { review_id: id, decision: 'publish', reason: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This review is already published.');

    // Held by three reports, published again: three new reports are needed to hold it once more.
    for (let i = 0; i < 3; i++) {
      const reporter = await owner();
      expect((await injectAs(app, reporter.token, { url: '/api/reviews/report', payload: { review_id: id, reason: 'Spam' } })).statusCode).toBe(200);
    }
    expect(await stateOf(id)).toBe('pending');
    expect((await queue(admin, { pageSize: 100 })).json<AdminReviewsAnswer>().data.find((r) => r.id === id)).toMatchObject({
      hold_reason: 'Reported by 3 accounts.',
      report_count: 3,
      reports: [{ reason: 'Spam' }, { reason: 'Spam' }, { reason: 'Spam' }],
    });
    expect((await moderate(admin, { review_id: id, decision: 'publish', reason: '' })).json().review).toMatchObject({ report_count: 0, reports: [] });
    const reporter = await owner();
    expect((await injectAs(app, reporter.token, { url: '/api/reviews/report', payload: { review_id: id, reason: 'Spam' } })).statusCode).toBe(200);
    expect(await stateOf(id)).toBe('published');
  });

  it('publish needs no reason (the field may be left out); reject and remove without one get 400 with a sentence', async () => {
    const author = await owner('Noa');
    const { id } = await heldReview(author);
    for (const decision of ['reject', 'remove']) {
      const refused = await moderate(admin, { review_id: id, decision });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'reason',
        code: 'REASON_REQUIRED',
        message: expect.stringMatching(/^Please give the author a reason .*\.$/),
      });
      expect(await stateOf(id)).toBe('pending');
    }
    const published = await moderate(admin, { review_id: id, decision: 'publish' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().review).toMatchObject({ id, state: 'published', moderation_reason: null });
    expect(await publicIds()).toContain(id);
    const mail = await smtp.waitFor((m) => m.to.includes(author.user.email) && /published/.test(m.subject));
    expect(mail.decoded).not.toContain("The administrator's reason");
  });

  it('reject: needs a reason, which the author reads; an edit sends the review back to the queue', async () => {
    const author = await owner('Rui');
    const { id } = await heldReview(author);
    const noReason = await moderate(admin, { review_id: id, decision: 'reject', reason: 'no' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason', code: 'REASON_REQUIRED' });
    expect(await stateOf(id)).toBe('pending');
    const decided = await moderate(admin, { review_id: id, decision: 'reject', reason: 'Please leave out the discount link.' });
    expect(decided.json().review.state).toBe('rejected');
    const mail = await smtp.waitFor((m) => m.to.includes(author.user.email) && /not published/.test(m.subject));
    expect(mail.decoded).toContain('Please leave out the discount link.');
    const mine = (await injectAs(app, author.token, { url: '/api/user/reviews', payload: {} })).json();
    expect(mine.data[0]).toMatchObject({ id, state: 'rejected', moderation_reason: 'Please leave out the discount link.' });
    expect((await injectAs(app, author.token, { url: '/api/reviews/delete', payload: { id } })).statusCode).toBe(409);

    const edited = await injectAs(app, author.token, {
      url: '/api/reviews/update',
      remoteAddress: newClient(),
      payload: { id, rating: 4, title: 'Patient team', text: 'The whole team was patient with our nervous rabbit.', visit_month: '2025-01', species: 'rabbit' },
    });
    expect(edited.json()).toEqual({ id, state: 'pending' });
    expect((await queue(admin, { pageSize: 100 })).json<AdminReviewsAnswer>().data.find((r) => r.id === id)!.hold_reason).toBe(
      'Edited after an administrator rejected it.',
    );
    // A published review is removed, not rejected.
    await moderate(admin, { review_id: id, decision: 'publish', reason: '' });
    expect((await moderate(admin, { review_id: id, decision: 'reject', reason: 'Changed my mind here.' })).statusCode).toBe(409);
  });

  it('remove: the published review leaves the list, the author is told why and can no longer change it', async () => {
    const author = await owner('Sol');
    const { id, state } = await write(author);
    expect(state).toBe('published');
    expect((await moderate(admin, { review_id: id, decision: 'remove', reason: '' })).json()).toMatchObject({ field: 'reason' });
    const decided = await moderate(admin, { review_id: id, decision: 'remove', reason: 'It names a member of staff and their home address.' });
    expect(decided.json().review.state).toBe('removed');
    expect(await publicIds()).not.toContain(id);
    const mail = await smtp.waitFor((m) => m.to.includes(author.user.email) && /removed/.test(m.subject));
    expect(mail.decoded).toContain('It names a member of staff and their home address.');
    const edit = await injectAs(app, author.token, {
      url: '/api/reviews/update',
      payload: { id, rating: 5, title: 'Again', text: 'The whole team was patient with our nervous rabbit.', visit_month: '2025-01', species: 'rabbit' },
    });
    expect(edit.statusCode).toBe(409);
    expect((await injectAs(app, author.token, { url: '/api/reviews/delete', payload: { id } })).statusCode).toBe(409);
    expect((await moderate(admin, { review_id: 2_000_000_000, decision: 'publish', reason: '' })).statusCode).toBe(404);
  });

  it('two administrators deciding at once make one decision and one e-mail', async () => {
    const author = await owner('Uma');
    const { id } = await heldReview(author);
    const other = await createAccount(app, { stage: 'admin' });
    const answers = await Promise.all([
      moderate(admin, { review_id: id, decision: 'reject', reason: 'Links are not allowed here.' }),
      moderate(other, { review_id: id, decision: 'reject', reason: 'Links are not allowed here.' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.rejected'), eq(auditLog.targetId, String(id))));
    expect(entries).toHaveLength(1);
  });
});
