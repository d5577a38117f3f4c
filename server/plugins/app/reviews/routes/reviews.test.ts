// Pet owners' reviews (docs/product.md section 13) as a client meets them, part one: owner accounts,
// writing a review, every screening rule, and the author's edit and delete (the public list, reports,
// replies and the rest are in review-list-and-replies.test.ts).
import { describe, expect, it } from 'vitest';
import { createAccount, createVet, FACTORY_PASSWORD, injectAs, uniqueEmail, type Account } from '../../../../test/factories';
import type { OwnReviewsAnswer, ReviewListAnswer } from '../../../../../shared/schemas/review';
import {
  announced,
  app,
  body,
  call,
  clock,
  create,
  DAY,
  lastMonth,
  list,
  newClient,
  owner,
  published,
  reviewCount,
  setupReviewsApp,
  smtp,
  stored,
  updateBody,
  vet,
} from './reviews.fixture';

setupReviewsApp();

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
