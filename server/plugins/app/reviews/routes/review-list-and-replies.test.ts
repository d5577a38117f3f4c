// Pet owners' reviews (docs/product.md section 13) as a client meets them, part two: the public list and
// its GET twin, the histogram, reports up to the hold, the practice's reply with its e-mail, verified
// visits, deleting an account, and what a raw socket gets (writing and screening are in reviews.test.ts).
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import type { AddressInfo } from 'node:net';
import { rawRequest } from '../../../../test/raw-request';
import { createAccount, createVet, type Account } from '../../../../test/factories';
import { mailSettled } from '../../../../test/smtp-capture';
import { reviewReports, reviews } from '../../../../db/schema';
import type { PublicReview } from '../../../../../shared/schemas/review';
import { announced, app, body, call, clock, create, DAY, list, owner, published, setupReviewsApp, smtp, stored, updateBody, vet } from './reviews.fixture';

setupReviewsApp();

describe('the public list', () => {
  it('pages, sorts and filters by stars; average, count and histogram cover every published review; the GET twin answers the same', async () => {
    const doctor = await createVet(app);
    const ratings = [5, 4, 5, 1, 3, 5, 2];
    const ids: number[] = [];
    for (const rating of ratings) {
      ids.push(await published(await owner(), doctor, { rating }));
      clock.advance(60_000);
    }
    await create(await owner(), body(doctor.user.id, { text: 'Held because of this link: http://spam.example.com/xyz' }));
    const all = await list(doctor.user.id, { pageSize: 50 });
    expect(all).toMatchObject({ count: 7, totalCount: 7, average: 3.6, histogram: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 3 } });
    expect(all.data.map((r) => r.id)).toEqual([...ids].reverse());
    const highest = await list(doctor.user.id, { sort: 'highest', pageSize: 50 });
    expect(highest.data.map((r) => r.rating)).toEqual([5, 5, 5, 4, 3, 2, 1]);
    const lowest = await list(doctor.user.id, { sort: 'lowest', pageSize: 3 });
    expect(lowest.data.map((r) => r.rating)).toEqual([1, 2, 3]);
    const fives = await list(doctor.user.id, { rating: 5, pageSize: 2, page: 2 });
    expect(fives).toMatchObject({ totalCount: 3, count: 7 });
    expect(fives.data.map((r: PublicReview) => r.id)).toEqual([ids[0]]);

    const get = await app.inject({ method: 'GET', url: `/api/reviews/list?doctor_id=${doctor.user.id}&sort=highest&pageSize=50` });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual(highest);
    expect(get.headers['cache-control']).toMatch(/s-maxage=0/);
    const again = await app.inject({
      method: 'GET',
      url: `/api/reviews/list?doctor_id=${doctor.user.id}&sort=highest&pageSize=50`,
      headers: { 'if-none-match': String(get.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const bad = await app.inject({ method: 'GET', url: `/api/reviews/list?doctor_id=${doctor.user.id}&sort=best` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'sort' });
    expect((await app.inject({ method: 'GET', url: `/api/reviews/list?doctor_id=${doctor.user.id}&pageSize=51` })).statusCode).toBe(400);

    const empty = await list((await createVet(app)).user.id);
    expect(empty).toEqual({ data: [], totalCount: 0, count: 0, average: null, histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } });
    const unlisted = await createVet(app, { reviewState: 'rejected' });
    expect((await app.inject({ method: 'POST', url: '/api/reviews/list', payload: { doctor_id: unlisted.user.id } })).statusCode).toBe(404);
  });
});

describe('the histogram kept beside the reviews', () => {
  it('stays exact through publish, hold, remove, delete, a rating edit and 50 parallel reviews', async () => {
    const doctor = await createVet(app);
    const admin = await createAccount(app, { stage: 'admin' });
    const moderate = (id: number, decision: string) => call(admin, '/api/admin/review-moderate', { review_id: id, decision, reason: 'Checked by hand.' });
    /** The list's figures against a count of the published reviews themselves. */
    const agrees = async (expected: number) => {
      const rows = await app.database.db
        .select({ rating: reviews.rating, n: count() })
        .from(reviews)
        .where(and(eq(reviews.doctorId, doctor.user.id), eq(reviews.state, 'published')))
        .groupBy(reviews.rating);
      const histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
      for (const row of rows) histogram[String(row.rating) as keyof typeof histogram] = Number(row.n);
      const answer = await list(doctor.user.id);
      expect(answer.histogram).toEqual(histogram);
      expect(answer.count).toBe(expected);
      const sum = Object.entries(histogram).reduce((total, [stars, n]) => total + Number(stars) * n, 0);
      expect(answer.average).toBe(expected === 0 ? null : Math.round((sum / expected) * 10) / 10);
    };
    await agrees(0);

    const first = await owner();
    const firstId = await published(first, doctor, { rating: 4 });
    await agrees(1);
    // Held by screening (a link), then published by an administrator.
    const second = await owner();
    const held = await create(second, body(doctor.user.id, { rating: 2, text: 'See https://example.com for the whole story of our visit.' }));
    expect(held.json()).toMatchObject({ state: 'pending' });
    await agrees(1);
    expect((await moderate(held.json<{ id: number }>().id, 'publish')).statusCode).toBe(200);
    await agrees(2);
    // Held by three reports, then removed.
    for (let i = 0; i < 3; i++) expect((await call(await owner(), '/api/reviews/report', { review_id: firstId, reason: 'Fake.' })).statusCode).toBe(200);
    expect((await stored(firstId))!.state).toBe('pending');
    await agrees(1);
    expect((await moderate(firstId, 'publish')).statusCode).toBe(200);
    await agrees(2);
    expect((await moderate(firstId, 'remove')).statusCode).toBe(200);
    await agrees(1);
    // A removed review is not waiting (REVIEW_MOVES): rejecting it now is refused and changes nothing.
    const late = await moderate(firstId, 'reject');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'NOT_ALLOWED_NOW',
      message: 'Only a review waiting for moderation can be rejected; remove a published one instead.',
    });
    expect((await stored(firstId))!.state).toBe('removed');
    await agrees(1);
    // A rating edit moves the review from one bar to another; deleting it takes it away.
    const third = await owner();
    const thirdId = await published(third, doctor, { rating: 5 });
    expect((await call(third, '/api/reviews/update', updateBody(thirdId, { rating: 1 }))).json()).toEqual({ id: thirdId, state: 'published' });
    await agrees(2);
    expect((await list(doctor.user.id)).histogram).toMatchObject({ '1': 1, '5': 0 });
    expect((await call(third, '/api/reviews/delete', { id: thirdId })).statusCode).toBe(200);
    await agrees(1);
    // 50 owners review at once: every one of them counts.
    const owners = await Promise.all(Array.from({ length: 50 }, () => owner()));
    const answers = await Promise.all(owners.map((account, i) => create(account, body(doctor.user.id, { rating: (i % 5) + 1 }))));
    expect(answers.map((answer) => answer.json<{ state: string }>().state)).toEqual(Array(50).fill('published'));
    await agrees(51);
    expect((await list(doctor.user.id)).histogram).toEqual({ '1': 10, '2': 11, '3': 10, '4': 10, '5': 10 });
  });
});

describe('reports', () => {
  it('once per account; three accounts hold a published review; its author cannot report it', async () => {
    const author = await owner();
    const doctor = await createVet(app);
    const id = await published(author, doctor);
    const report = (account: Account | undefined, reason = 'This reads like an advertisement.') =>
      call(account, '/api/reviews/report', { review_id: id, reason });
    expect((await report(undefined)).statusCode).toBe(401);
    expect((await report(author)).json()).toMatchObject({ code: 'OWN_REVIEW', message: 'You cannot report your own review.' });
    const first = await owner();
    expect((await report(first)).statusCode).toBe(200);
    const twice = await report(first);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already reported this review.');
    expect((await report(doctor)).statusCode).toBe(200);
    expect((await stored(id))!.state).toBe('published');
    const before = announced.length;
    expect((await report(await owner())).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ state: 'pending', holdReason: 'Reported by 3 accounts.', reportCount: 3 });
    expect(announced.slice(before)).toContain(doctor.user.id);
    expect((await list(doctor.user.id)).count).toBe(0);
    const late = await report(await owner());
    expect(late.statusCode).toBe(404);
    expect((await call(await owner(), '/api/reviews/report', { review_id: id, reason: '' })).json()).toMatchObject({ field: 'reason' });
  });

  it('many parallel reports: each account counts once, the count matches the reports kept, and the review is held', async () => {
    const doctor = await createVet(app);
    const id = await published(await owner(), doctor);
    const reporters = await Promise.all(Array.from({ length: 60 }, () => owner()));
    const repeated = Array.from({ length: 20 }, () => reporters[0]!);
    const answers = await Promise.all([...reporters, ...repeated].map((account) => call(account, '/api/reviews/report', { review_id: id, reason: 'Fake.' })));
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(answers.every((a) => [200, 404, 409].includes(a.statusCode))).toBe(true);
    const row = (await stored(id))!;
    const kept = Number((await app.database.db.select({ n: count() }).from(reviewReports).where(eq(reviewReports.reviewId, id)))[0]!.n);
    expect(row.state).toBe('pending');
    expect(row.reportCount).toBe(kept);
    expect(kept).toBe(ok);
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThanOrEqual(60);
  });
});

describe("the practice's reply", () => {
  it('only the reviewed practice answers, once, editable; the author is e-mailed once and reads the answer', async () => {
    const author = await owner({ firstName: 'Tom' });
    const doctor = await createVet(app, { clinicName: 'Harbor Vets' });
    const id = await published(author, doctor);
    const reply = (account: Account | undefined, text: string) => call(account, '/api/reviews/reply', { review_id: id, text });
    expect((await reply(undefined, 'Thanks')).statusCode).toBe(401);
    expect((await reply(author, 'Thanks')).json()).toMatchObject({ code: 'NOT_YOUR_PRACTICE' });
    expect((await reply(vet, 'Thanks')).statusCode).toBe(403);
    expect((await reply(await createAccount(app, { stage: 'admin' }), 'Thanks')).statusCode).toBe(403);
    expect((await reply(doctor, '   ')).json()).toMatchObject({ field: 'text' });
    expect((await stored(id))!.replyText).toBeNull();

    const first = await reply(doctor, 'Thank you, Tom. Give Rex a hug from us.');
    expect(first.statusCode).toBe(200);
    const createdAt = first.json().review.reply.created_at;
    const mail = await smtp.waitFor((m) => m.to.includes(author.user.email) && /answered your review/.test(m.subject));
    expect(mail.decoded).toContain('Give Rex a hug from us.');
    expect(mail.decoded).toContain(`/viewdoctorprofile/${doctor.user.id}`);
    clock.advance(60_000);
    const edited = await reply(doctor, 'Thank you, Tom. Give Rex a hug from all of us.');
    expect(edited.json().review.reply).toMatchObject({ text: 'Thank you, Tom. Give Rex a hug from all of us.', created_at: createdAt });
    await mailSettled(app);
    expect(smtp.messages.filter((m) => m.to.includes(author.user.email) && /answered your review/.test(m.subject))).toHaveLength(1);
    expect((await list(doctor.user.id)).data[0]!.reply).toMatchObject({ text: 'Thank you, Tom. Give Rex a hug from all of us.', created_at: createdAt });

    const heldId = (await create(await owner(), body(doctor.user.id, { text: 'Held for the link in it: https://example.com/clinic-review' }))).json().id;
    expect((await call(doctor, '/api/reviews/reply', { review_id: heldId, text: 'Thanks' })).statusCode).toBe(404);
  });

  // A review with contact details is held; a reply is public at once, so it is refused (decision 132).
  it.each([
    ['a link', 'Thanks! Book online at www.harborvets-deals.com'],
    ['a link with its scheme', 'See https://example.com/offer for 20% off'],
    ['an e-mail address', 'Write to frontdesk@harborvets.example for a refund'],
    ['a phone number', 'Call us on (212) 555-0142 and ask for Sam'],
  ])('refuses a reply carrying %s, and the public reply stays as it was', async (_, text) => {
    const author = await owner();
    const doctor = await createVet(app);
    const id = await published(author, doctor);
    expect((await call(doctor, '/api/reviews/reply', { review_id: id, text: 'Thank you for visiting.' })).statusCode).toBe(200);
    const res = await call(doctor, '/api/reviews/reply', { review_id: id, text });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'REPLY_CONTACT_DETAILS',
      field: 'text',
      message: 'A reply cannot carry a link, an e-mail address or a phone number: your profile shows how to reach you. Remove them and send the reply again.',
    });
    expect((await stored(id))!.replyText).toBe('Thank you for visiting.');
    expect((await list(doctor.user.id)).data[0]!.reply).toMatchObject({ text: 'Thank you for visiting.' });
  });
});

describe('verified visits', () => {
  it('a completed visit marks the review of that account and practice, and a review written later is verified at once', async () => {
    const author = await owner();
    const doctor = await createVet(app);
    const id = await published(author, doctor);
    const before = announced.length;
    await app.reviews.visitCompleted(author.user.id, doctor.user.id);
    expect(announced.slice(before)).toContain(doctor.user.id);
    expect((await list(doctor.user.id)).data.find((r) => r.id === id)!.verified_visit).toBe(true);

    const later = await owner();
    const other = await createVet(app);
    await app.reviews.visitCompleted(later.user.id, other.user.id);
    await app.reviews.visitCompleted(later.user.id, other.user.id);
    await published(later, other);
    expect((await list(other.user.id)).data[0]!.verified_visit).toBe(true);
    // A visit elsewhere verifies nothing here.
    await published(later, doctor);
    expect((await list(doctor.user.id)).data.find((r) => r.author_name.startsWith(later.user.firstName) && r.id !== id)!.verified_visit).toBe(false);
  });
});

describe('deleting an account', () => {
  it('takes its reviews with it, and the practices it rated are announced as changed', async () => {
    const author = await owner();
    const doctor = await createVet(app);
    await published(author, doctor);
    const admin = await createAccount(app, { stage: 'admin' });
    const before = announced.length;
    const deleted = await call(admin, '/api/admin/delete-user', { user_id: author.user.id, confirm_email: author.user.email });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(announced.slice(before)).toContain(doctor.user.id);
    expect((await list(doctor.user.id)).count).toBe(0);
  });
});

describe('a raw socket', () => {
  it('cannot choose its client address with X-Forwarded-For: the third review from one socket address is held', async () => {
    const served = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      await served.listen({ port: 0, host: '127.0.0.1' });
      const port = (served.server.address() as AddressInfo).port;
      const doctor = await createVet(served);
      const states: string[] = [];
      for (let i = 0; i < 3; i++) {
        const author = await createAccount(served, { accountType: 'owner', createdAt: new Date(Date.now() - 3 * DAY) });
        const answer = await rawRequest(
          port,
          '/api/reviews/create',
          { Authorization: `Bearer ${author.token}`, 'X-Forwarded-For': `192.0.2.${i + 1}`, 'X-Real-IP': `192.0.2.${i + 1}` },
          JSON.stringify(body(doctor.user.id)),
        );
        expect(answer.status, answer.body).toBe(200);
        states.push((JSON.parse(answer.body) as { state: string }).state);
      }
      expect(states).toEqual(['published', 'published', 'pending']);
      // A body that is not JSON, or larger than it says, is refused without a review.
      const author = await createAccount(served, { accountType: 'owner', createdAt: new Date(Date.now() - 3 * DAY) });
      const broken = await rawRequest(port, '/api/reviews/create', { Authorization: `Bearer ${author.token}` }, '{"doctor_id": 1, "rating": 5,');
      expect(broken.status).toBe(400);
    } finally {
      await served.close();
    }
  });
});
