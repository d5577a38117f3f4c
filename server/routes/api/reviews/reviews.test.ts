// Pet owners' reviews (docs/product.md section 13) as a client meets them: owner accounts, writing,
// editing and deleting a review, the public list and its GET twin, every screening rule, reports up to
// the hold, the practice's reply with its e-mail, verified visits, and what a second account, a forged
// token, parallel requests and HTML in every field get.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import type { AddressInfo } from 'node:net';
import { rawRequest } from '../../../test/raw-request';
import { createAccount, createVet, FACTORY_PASSWORD, injectAs, uniqueEmail, type Account } from '../../../test/factories';
import { mailSettled, startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { createTestClock } from '../../../lib/clock';
import { reviewReports, reviews } from '../../../db/schema';
import type { OwnReviewsAnswer, PublicReview, ReviewListAnswer } from '../../../../shared/schemas/review';

const clock = createTestClock();
let app: FastifyInstance;
let smtp: SmtpCapture;
let vet: Account;
const announced: number[] = [];

const DAY = 86_400_000;
let clientCounter = 0;
/** A client address of its own for each call that should not meet the burst or practice-address rules. */
const newClient = () => `10.20.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
  app.changes.on('listing changed', ({ doctorId }) => announced.push(doctorId));
  vet = await createVet(app, { clinicName: 'Maple Street Animal Clinic' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(() => clock.reset());

/** A verified pet owner whose account is three days old (younger ones are held). */
const owner = (options: { firstName?: string; lastName?: string } = {}) =>
  createAccount(app, { accountType: 'owner', createdAt: new Date(clock.now().getTime() - 3 * DAY), ...options });

const lastMonth = () => new Date(clock.now().getTime() - 35 * DAY).toISOString().slice(0, 7);
const body = (doctorId: number, extra: Record<string, unknown> = {}) => ({
  doctor_id: doctorId,
  rating: 5,
  title: 'Kind and thorough',
  text: 'The doctor took the time to explain every step of the treatment for our dog.',
  visit_month: lastMonth(),
  species: 'dog',
  ...extra,
});
const call = (account: Account | undefined, url: string, payload: unknown, ip = newClient()) =>
  injectAs(app, account?.token, { url, payload: payload as object, remoteAddress: ip });
const create = (account: Account | undefined, payload: unknown, ip?: string) => call(account, '/api/reviews/create', payload, ip);
const list = async (doctorId: number, extra: Record<string, unknown> = {}) => {
  const answer = await app.inject({ method: 'POST', url: '/api/reviews/list', payload: { doctor_id: doctorId, ...extra } });
  expect(answer.statusCode).toBe(200);
  return answer.json<ReviewListAnswer>();
};
const stored = async (id: number) => (await app.database.db.select().from(reviews).where(eq(reviews.id, id)))[0];
const reviewCount = async () => Number((await app.database.db.select({ n: count() }).from(reviews))[0]!.n);

async function published(author: Account, doctor: Account = vet, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await create(author, body(doctor.user.id, extra));
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ state: 'published' });
  return answer.json<{ id: number }>().id;
}

describe('owner accounts', () => {
  it("sign-up takes account_type; without it the account is a vet's, as old clients expect; 'List your practice' makes an owner a vet", async () => {
    const register = (extra: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { first_name: 'Nora', last_name: 'Owner', email: uniqueEmail('owner'), password: 'Walnut-Harbor-Lantern-42', ...extra },
        remoteAddress: newClient(),
      });
    const asOwner = await register({ account_type: 'owner' });
    expect(asOwner.statusCode, asOwner.body).toBe(200);
    expect(asOwner.json().user).toMatchObject({ account_type: 'owner', verify: false });
    const old = await register({});
    expect(old.json().user.account_type).toBe('vet');
    const wrong = await register({ account_type: 'cat' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'account_type' });

    const token = asOwner.json<{ token: string }>().token;
    const listed = await injectAs(app, token, { url: '/api/user/list-practice', payload: {} });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().user.account_type).toBe('vet');
    const again = await injectAs(app, token, { url: '/api/user/list-practice', payload: {} });
    expect(again.json().user.account_type).toBe('vet');
    expect((await app.inject({ method: 'POST', url: '/api/user/list-practice', payload: {} })).statusCode).toBe(401);
    const restored = await app.inject({ method: 'POST', url: '/api/user/login-with-token', payload: { token } });
    expect(restored.json().user.account_type).toBe('vet');
  });
});

describe('writing a review', () => {
  it('publishes at once and lists it with exactly the public fields; the author sees it with its state', async () => {
    const author = await owner({ firstName: 'Maria', lastName: 'garcia' });
    const before = announced.length;
    const id = await published(author);
    expect(announced.slice(before)).toContain(vet.user.id);
    const answer = await list(vet.user.id);
    const shown = answer.data.find((review) => review.id === id)!;
    expect(Object.keys(shown).sort()).toEqual(
      ['author_name', 'created_at', 'id', 'rating', 'reply', 'species', 'text', 'title', 'updated_at', 'verified_visit', 'visit_month'].sort(),
    );
    expect(shown).toMatchObject({
      rating: 5,
      title: 'Kind and thorough',
      author_name: 'Maria G.',
      species: 'dog',
      visit_month: lastMonth(),
      verified_visit: false,
      reply: null,
    });
    expect(JSON.stringify(answer)).not.toContain(author.user.email);
    const mine = (await call(author, '/api/user/reviews', {})).json<OwnReviewsAnswer>();
    expect(mine.data).toEqual([expect.objectContaining({ id, state: 'published', doctor_id: vet.user.id, clinic_name: 'Maple Street Animal Clinic' })]);
    expect((await call(author, '/api/user/reviews', { doctor_id: vet.user.id })).json<OwnReviewsAnswer>().totalCount).toBe(1);
    expect((await call(author, '/api/user/reviews', { doctor_id: vet.user.id + 1000 })).json<OwnReviewsAnswer>()).toEqual({ data: [], totalCount: 0 });
  });

  it('refuses bad input with a sentence naming the field, and stores nothing', async () => {
    const author = await owner();
    const before = await reviewCount();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ rating: 0 }, 'rating', /1 to 5 stars/],
      [{ rating: 6 }, 'rating', /1 to 5 stars/],
      [{ rating: 4.5 }, 'rating', /1 to 5 stars/],
      [{ title: 'x'.repeat(121) }, 'title', /120 characters/],
      [{ title: '   ' }, 'title', /title/],
      [{ text: 'Too short to say anything.' }, 'text', /at least 30 characters/],
      [{ text: ' '.repeat(40) }, 'text', /at least 30 characters/],
      [{ text: 'x'.repeat(5001) }, 'text', /5,000 characters/],
      [{ visit_month: '2025-13' }, 'visit_month', /for example 2025-03/],
      [{ visit_month: 'March 2025' }, 'visit_month', /for example 2025-03/],
      [{ visit_month: `${clock.now().getUTCFullYear() + 1}-01` }, 'visit_month', /cannot be in the future/],
      [{ species: '' }, 'species', /which animal/],
      [{ doctor_id: 'abc' }, 'doctor_id', /practice/i],
      [{ stars: 5 }, 'stars', /not something this form accepts/],
    ];
    for (const [change, field, message] of cases) {
      const answer = await create(author, body(vet.user.id, change));
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json(), JSON.stringify(change)).toMatchObject({ field, code: expect.any(String) });
      expect(answer.json().message, JSON.stringify(change)).toMatch(message);
    }
    const { rating: _rating, ...withoutRating } = body(vet.user.id);
    expect((await create(author, withoutRating)).json()).toMatchObject({ field: 'rating' });
    expect(await reviewCount()).toBe(before);
  });

  it('needs a signed-in, verified account, never on its own practice, once per practice, on a listed practice', async () => {
    const before = await reviewCount();
    expect((await create(undefined, body(vet.user.id))).statusCode).toBe(401);
    const forged = `${vet.token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    const withForged = await injectAs(app, forged, { url: '/api/reviews/create', payload: body(vet.user.id) });
    expect(withForged.statusCode).toBe(401);
    const unverified = await createAccount(app, { stage: 'unverified', createdAt: new Date(clock.now().getTime() - 3 * DAY) });
    expect((await create(unverified, body(vet.user.id))).json()).toMatchObject({ code: 'NOT_VERIFIED' });

    const own = await create(vet, body(vet.user.id));
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_PRACTICE', message: 'You cannot review your own practice.' });

    const unlisted = await createVet(app, { reviewState: 'pending' });
    const notListed = await create(await owner(), body(unlisted.user.id));
    expect(notListed.statusCode).toBe(404);
    expect(notListed.json().message).toBe('There is no listed practice with this id.');
    expect((await create(await owner(), body(2_000_000_000))).statusCode).toBe(404);
    expect(await reviewCount()).toBe(before);

    const author = await owner();
    await published(author);
    const second = await create(author, body(vet.user.id, { rating: 1 }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You have already reviewed this practice. You can edit your review instead.');
    expect(await reviewCount()).toBe(before + 1);

    // Any verified account may act as a pet owner: the owner of another practice too.
    const otherVet = await createVet(app, { createdAt: new Date(clock.now().getTime() - 3 * DAY) });
    expect((await create(otherVet, body(vet.user.id))).json()).toMatchObject({ state: 'published' });
  });

  it('50 parallel creates by one account make one review; the others get 409', async () => {
    const author = await owner();
    const doctor = await createVet(app);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => create(author, body(doctor.user.id, { rating: (i % 5) + 1 }))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    expect((await list(doctor.user.id)).count).toBe(1);
  });

  it('stores HTML and script in every field as text and returns it as text', async () => {
    const author = await owner({ firstName: '<img src=x onerror=alert(1)>', lastName: '<script>' });
    const doctor = await createVet(app);
    const hostile = {
      title: '<script>alert("t")</script>',
      text: '<img src=x onerror=alert(1)> and <a href="javascript:alert(2)">this</a> were kind to our cat',
      species: '<b>cat</b>',
    };
    const answer = await create(author, body(doctor.user.id, hostile));
    expect(answer.json()).toMatchObject({ state: 'published' });
    const reply = await call(doctor, '/api/reviews/reply', { review_id: answer.json().id, text: '<script>document.cookie</script>' });
    expect(reply.statusCode).toBe(200);
    const shown = await app.inject({ method: 'GET', url: `/api/reviews/list?doctor_id=${doctor.user.id}` });
    expect(shown.headers['content-type']).toMatch(/^application\/json/);
    const [review] = shown.json<ReviewListAnswer>().data;
    expect(review).toMatchObject({ ...hostile, author_name: '<img src=x onerror=alert(1)> <.', reply: { text: '<script>document.cookie</script>' } });
    // The author's e-mail about the reply carries the practice's words escaped in its HTML part.
    const mail = await smtp.waitFor((m) => m.to.includes(author.user.email));
    const html = mail.decoded.slice(mail.decoded.indexOf('<!doctype html>'));
    expect(html).toContain('&lt;script&gt;document.cookie&lt;/script&gt;');
    expect(html).not.toMatch(/<script>|<img src=x/);
  });
});

describe('screening holds a review for an administrator', () => {
  const held = async (author: Account, extra: Record<string, unknown>, ip?: string, doctor: Account = vet) => {
    const answer = await create(author, body(doctor.user.id, extra), ip);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().state).toBe('pending');
    return (await stored(answer.json<{ id: number }>().id))!;
  };

  it('for a link, an e-mail address or a phone number in the text or the title', async () => {
    const doctor = await createVet(app);
    const texts: [Record<string, unknown>, RegExp][] = [
      [{ text: 'Great clinic, read more about it at https://example.com/deal today' }, /link/],
      [{ text: 'Great clinic, see www.cheap-pet-meds.biz for the medicine they sell' }, /link/],
      [{ text: 'Great clinic, just visit petsdeals.com for coupons and more info' }, /link/],
      [{ title: 'Visit bestvets.net' }, /link/],
      [{ text: 'Great clinic, write to me at nora.owner@example.org for details' }, /e-mail address/],
      [{ text: 'Great clinic, call me on (212) 555-0142 and I will tell you more' }, /phone number/],
      [{ text: 'Great clinic, my number is +44 20 7946 0958 if you want to talk' }, /phone number/],
    ];
    for (const [extra, reason] of texts) {
      const review = await held(await owner(), extra, undefined, doctor);
      expect(review.holdReason).toMatch(reason);
    }
    expect((await list(doctor.user.id)).count).toBe(0);
    // Ordinary numbers and abbreviations are no contact details.
    await published(await owner(), doctor, { text: 'We paid $120 in 2024 for 2 visits; Dr. Lee saw us at 9:30 a.m., e.g. on time.' });
  });

  it('for an account younger than a day, published once it is older', async () => {
    const young = await createAccount(app, { accountType: 'owner', createdAt: new Date(clock.now().getTime() - 23 * 3_600_000) });
    const review = await held(young, {});
    expect(review.holdReason).toBe('The account is less than a day old.');
    const older = await createAccount(app, { accountType: 'owner', createdAt: new Date(clock.now().getTime() - 25 * 3_600_000) });
    await published(older);
  });

  it("for an address the practice's own account signed in from in the last 30 days", async () => {
    const doctor = await createVet(app);
    const clinicIp = '203.0.113.77';
    const oldIp = '203.0.113.78';
    clock.advance(-31 * DAY);
    const signInFrom = async (remoteAddress: string) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: doctor.user.email, password: FACTORY_PASSWORD },
        remoteAddress,
      });
      expect(login.statusCode).toBe(200);
    };
    await signInFrom(oldIp);
    clock.reset();
    await signInFrom(clinicIp);
    const review = await held(await owner(), {}, clinicIp, doctor);
    expect(review.holdReason).toMatch(/practice's own account signed in from/);
    // Another practice's address does not matter, nor one this practice last used 31 days ago.
    expect((await create(await owner(), body(vet.user.id), clinicIp)).json().state).toBe('published');
    expect((await create(await owner(), body(doctor.user.id), oldIp)).json().state).toBe('published');
  });

  it('for the third review of one practice from one address within 30 days, also when they arrive at once', async () => {
    const doctor = await createVet(app);
    const ip = '198.51.100.9';
    // One from this address 31 days ago no longer counts.
    clock.advance(-31 * DAY);
    expect((await create(await owner(), body(doctor.user.id, { visit_month: '2024-01' }), ip)).json().state).toBe('published');
    clock.reset();
    const first = await create(await owner(), body(doctor.user.id), ip);
    const second = await create(await owner(), body(doctor.user.id), ip);
    expect([first.json().state, second.json().state]).toEqual(['published', 'published']);
    const third = await held(await owner(), {}, ip, doctor);
    expect(third.holdReason).toBe('The third review of this practice from one address within 30 days.');

    const burstDoctor = await createVet(app);
    const authors = await Promise.all(Array.from({ length: 10 }, () => owner()));
    const answers = await Promise.all(authors.map((author) => create(author, body(burstDoctor.user.id), '198.51.100.10')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().state === 'published')).toHaveLength(2);
  });

  it('again when a published review is edited', async () => {
    const author = await owner();
    const doctor = await createVet(app);
    const id = await published(author, doctor);
    const before = announced.length;
    const edit = await call(author, '/api/reviews/update', {
      id,
      ...body(doctor.user.id, { text: 'Changed my mind, mail me at someone@example.com please' }),
      doctor_id: undefined,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toEqual({ id, state: 'pending' });
    expect(announced.slice(before)).toContain(doctor.user.id);
    expect((await list(doctor.user.id)).count).toBe(0);
    // A clean edit of a held review keeps it held: only an administrator releases it.
    const clean = await call(author, '/api/reviews/update', { id, ...body(doctor.user.id), doctor_id: undefined });
    expect(clean.json()).toEqual({ id, state: 'pending' });
  });
});

const updateBody = (id: number, extra: Record<string, unknown> = {}) => {
  const { doctor_id: _doctor, ...fields } = body(1, extra);
  return { id, ...fields };
};

describe("the author's edit and delete", () => {
  it('edits and deletes only its own review; the list follows', async () => {
    const author = await owner();
    const doctor = await createVet(app);
    const id = await published(author, doctor);
    const stranger = await owner();
    const strangerEdit = await call(stranger, '/api/reviews/update', updateBody(id, { rating: 1 }));
    expect(strangerEdit.statusCode).toBe(404);
    expect(strangerEdit.json().message).toBe('There is no review of yours with this id.');
    expect((await call(doctor, '/api/reviews/delete', { id })).statusCode).toBe(404);
    expect((await call(undefined, '/api/reviews/delete', { id })).statusCode).toBe(401);
    expect((await stored(id))!.rating).toBe(5);

    const edit = await call(author, '/api/reviews/update', updateBody(id, { rating: 3, title: 'Good, a little slow' }));
    expect(edit.json()).toEqual({ id, state: 'published' });
    expect((await list(doctor.user.id)).data[0]).toMatchObject({ rating: 3, title: 'Good, a little slow' });
    const deleted = await call(author, '/api/reviews/delete', { id });
    expect(deleted.statusCode).toBe(200);
    expect((await list(doctor.user.id)).count).toBe(0);
    expect((await call(author, '/api/reviews/delete', { id })).statusCode).toBe(404);
    // Deleted, the account may write a new one.
    await published(author, doctor);
  });
});

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
