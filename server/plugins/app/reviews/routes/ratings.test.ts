// Ratings everywhere an owner decides (docs/product.md 7.6; docs/decisions/101): the count and sum
// of published reviews that doctor_search keeps through the trigger on reviews (migration 0014), the
// search cards' and the profile's rating_average and rating_count, min_rating and sort 'rating',
// and the profile page's AggregateRating and reviews in its structured data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildTestApp } from '../../../../test/helper';
import { rowsOf } from '../../../../lib/sql-rows';
import { createVetMilesNorth, type VetOptions } from '../../../../test/factories';
import { profiles, reviews, zipCodes } from '../../../../db/schema';

let app: FastifyInstance;
const marker = randomUUID().slice(0, 6);
const city = `Starville ${marker}`;
const TRICKY = `Great care </script><script>alert(1)</script> & "quotes" ${marker}`;

interface Card {
  id: number;
  clinic_name: string;
  distance: number | null;
  sponsored: boolean;
  rating_average: number | null;
  rating_count: number;
}
interface Answer {
  data: Card[];
  totalCount: number;
  sort?: string;
  code?: string;
  message?: string;
  field?: string;
}

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-ratings-'));
beforeAll(async () => {
  // The built shell's shape (web/index.html after vite build), for the server-rendered profile page.
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Animal Doctor</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  app = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { distDir: dist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const search = async (payload: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: '/api/doctors/search', payload });
  return { status: res.statusCode, body: res.json<Answer>() };
};

let origins = 0;
/** A made-up zip code in open ocean, far from every other test's vets. */
async function origin(): Promise<{ zip: string; lat: number; lon: number }> {
  const n = origins++;
  const zip = `000${10 + n}`;
  const lat = -40 + (n % 15) * 5.5;
  const lon = -170 + Math.floor(n / 15) * 5.5;
  await app.database.db.insert(zipCodes).values({ zip, city, state: 'HI', latitude: lat, longitude: lon });
  return { zip, lat, lon };
}

const vetAt = (at: { lat: number; lon: number }, miles: number, options: VetOptions = {}) =>
  createVetMilesNorth(app, at, miles, { marker, city: city, ...options });

/** `n` owner accounts, written in one statement. */
async function owners(n: number): Promise<number[]> {
  const tag = randomUUID().slice(0, 8);
  const { rows } = (await app.database.db.execute(sql`
    INSERT INTO users (email, password_hash, first_name, last_name, verify, account_type)
    SELECT 'owner-' || g || '-' || ${tag} || '@example.com', 'x', 'Owner' || g, 'Zed', true, 'owner' FROM generate_series(1, ${n}::int) g
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return rows.map((row) => row.id);
}

type ReviewState = 'published' | 'pending' | 'rejected' | 'removed';
/** Reviews of a vet written straight into the table (the review calls are tested in their own files). */
async function review(doctorId: number, rating: number, state: ReviewState = 'published', extra: { text?: string; title?: string; createdAt?: Date } = {}) {
  const [author] = await owners(1);
  const [row] = await app.database.db
    .insert(reviews)
    .values({
      doctorId,
      authorId: author!,
      rating,
      title: extra.title ?? `Visit ${rating}`,
      text: extra.text ?? 'A thorough and kind vet who explained everything clearly.',
      visitMonth: '2026-10',
      species: 'dog',
      state,
      ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
    })
    .returning({ id: reviews.id });
  return row!.id;
}

async function stored(doctorId: number) {
  const { rows } = (await app.database.db.execute(sql`SELECT rating_count, rating_sum FROM doctor_search WHERE user_id = ${doctorId}`)) as unknown as {
    rows: { rating_count: number; rating_sum: number }[];
  };
  return rows[0] ? { count: rows[0].rating_count, sum: rows[0].rating_sum } : undefined;
}

/** What counting the published reviews gives: what the trigger must have kept. */
async function counted(doctorId: number) {
  const { rows } = (await app.database.db.execute(
    sql`SELECT count(*)::int AS count, coalesce(sum(rating), 0)::int AS sum FROM reviews WHERE doctor_id = ${doctorId} AND state = 'published'`,
  )) as unknown as { rows: { count: number; sum: number }[] };
  return rows[0]!;
}

const setState = (id: number, state: ReviewState) => app.database.db.update(reviews).set({ state }).where(eq(reviews.id, id));

describe('the rating kept in doctor_search', () => {
  it('counts published reviews only: publish, hold, reject, remove, delete and a rating edit', async () => {
    const vet = await vetAt(await origin(), 1);
    expect(await stored(vet)).toEqual({ count: 0, sum: 0 });
    const five = await review(vet, 5);
    expect(await stored(vet)).toEqual({ count: 1, sum: 5 });
    const held = await review(vet, 1, 'pending');
    expect(await stored(vet)).toEqual({ count: 1, sum: 5 });
    // A pending review's edits change nothing; publishing it counts it with its rating then.
    await app.database.db.update(reviews).set({ rating: 2 }).where(eq(reviews.id, held));
    expect(await stored(vet)).toEqual({ count: 1, sum: 5 });
    await setState(held, 'published');
    expect(await stored(vet)).toEqual({ count: 2, sum: 7 });
    // A published review's rating edit moves the sum only.
    await app.database.db.update(reviews).set({ rating: 3 }).where(eq(reviews.id, five));
    expect(await stored(vet)).toEqual({ count: 2, sum: 5 });
    // Held again (three reports), rejected, removed: out of the count each time.
    await setState(five, 'pending');
    expect(await stored(vet)).toEqual({ count: 1, sum: 2 });
    await setState(five, 'rejected');
    expect(await stored(vet)).toEqual({ count: 1, sum: 2 });
    await setState(held, 'removed');
    expect(await stored(vet)).toEqual({ count: 0, sum: 0 });
    await setState(five, 'published');
    await review(vet, 4);
    expect(await stored(vet)).toEqual({ count: 2, sum: 7 });
    await app.database.db.delete(reviews).where(eq(reviews.id, five));
    expect(await stored(vet)).toEqual({ count: 1, sum: 4 });
    // Deleting a review that did not count changes nothing.
    await app.database.db.delete(reviews).where(eq(reviews.id, held));
    expect(await stored(vet)).toEqual({ count: 1, sum: 4 });
    expect(await stored(vet)).toEqual(await counted(vet));
  });

  it('keeps the rating when the listing row is rebuilt (profile edit), and counts again when a vet is listed', async () => {
    const here = await origin();
    const vet = await vetAt(here, 1);
    await review(vet, 4);
    await review(vet, 5);
    await app.database.db
      .update(profiles)
      .set({ clinicName: `Rebuilt ${marker}` })
      .where(eq(profiles.userId, vet));
    expect(await stored(vet)).toEqual({ count: 2, sum: 9 });
    // Reviews of a vet that is not listed (no row to adjust) count once it is.
    const pending = await vetAt(here, 2, { reviewState: 'pending' });
    await review(pending, 3);
    await review(pending, 2, 'pending');
    expect(await stored(pending)).toBeUndefined();
    await app.database.db.execute(sql`UPDATE users SET review_state = 'approved' WHERE id = ${pending}`);
    expect(await stored(pending)).toEqual({ count: 1, sum: 3 });
  });

  it('writes the change log, so every app server’s index follows', async () => {
    const vet = await vetAt(await origin(), 1);
    const logged = async () =>
      ((await app.database.db.execute(sql`SELECT count(*)::int AS n FROM doctor_search_log WHERE user_id = ${vet}`)) as unknown as { rows: { n: number }[] })
        .rows[0]!.n;
    const before = await logged();
    await review(vet, 5);
    expect(await logged()).toBe(before + 1);
    await review(vet, 5, 'pending');
    expect(await logged()).toBe(before + 1);
  });

  it('stays exact under many reviews and listing rebuilds at once', async () => {
    const vet = await vetAt(await origin(), 1);
    const authors = await owners(60);
    const { pool, db } = app.database;
    // Each write its own transaction on its own connection (PostgreSQL), as parallel requests are.
    const run = (statement: ReturnType<typeof sql>) => {
      if (!pool) return db.execute(statement);
      const query = new PgDialect().sqlToQuery(statement);
      return pool.query(query.sql, query.params as unknown[]);
    };
    await Promise.all([
      ...authors.map((author, i) =>
        run(sql`INSERT INTO reviews (doctor_id, author_id, rating, title, text, visit_month, species, state)
          VALUES (${vet}, ${author}, ${1 + (i % 5)}, 'Parallel', 'Written at the same moment as many others.', '2026-10', 'cat', ${i % 4 === 3 ? 'pending' : 'published'})`),
      ),
      ...Array.from({ length: 10 }, (_, i) => run(sql`UPDATE profiles SET clinic_name = ${`Busy ${i} ${marker}`} WHERE user_id = ${vet}`)),
    ]);
    await Promise.all(
      authors
        .slice(0, 20)
        .map((author, i) =>
          run(
            i % 2
              ? sql`UPDATE reviews SET state = 'removed' WHERE doctor_id = ${vet} AND author_id = ${author}`
              : sql`UPDATE reviews SET rating = 5, state = 'published' WHERE doctor_id = ${vet} AND author_id = ${author}`,
          ),
        ),
    );
    const exact = await counted(vet);
    expect(exact.count).toBeGreaterThan(30);
    expect(await stored(vet)).toEqual(exact);
  });
});

describe('ratings in search', () => {
  let here: { zip: string; lat: number; lon: number };
  const vets = { top: 0, many: 0, few: 0, low: 0, none: 0 };
  beforeAll(async () => {
    here = await origin();
    // Nearest first: none (1 mi), low (2), few (3), many (4), top (5).
    vets.none = await vetAt(here, 1);
    vets.low = await vetAt(here, 2);
    vets.few = await vetAt(here, 3);
    vets.many = await vetAt(here, 4);
    vets.top = await vetAt(here, 5);
    await review(vets.low, 2);
    await review(vets.low, 3); // 2.5
    await review(vets.few, 5);
    await review(vets.few, 4); // 4.5 from 2
    for (const rating of [5, 5, 4, 4]) await review(vets.many, rating); // 4.5 from 4
    await review(vets.top, 5); // 5.0 from 1
    await review(vets.top, 1, 'pending'); // held: does not count
    for (const id of Object.values(vets)) app.changes.announce({ kind: 'listing changed', doctorId: id });
  });

  it('puts rating_average (one decimal, null without reviews) and rating_count on every card', async () => {
    const { status, body } = await search({ searchZipCode: here.zip, searchCount: 50 });
    expect(status, body.message).toBe(200);
    const byId = new Map(body.data.map((card) => [card.id, card]));
    expect(byId.get(vets.none)).toMatchObject({ rating_average: null, rating_count: 0 });
    expect(byId.get(vets.low)).toMatchObject({ rating_average: 2.5, rating_count: 2 });
    expect(byId.get(vets.few)).toMatchObject({ rating_average: 4.5, rating_count: 2 });
    expect(byId.get(vets.many)).toMatchObject({ rating_average: 4.5, rating_count: 4 });
    expect(byId.get(vets.top)).toMatchObject({ rating_average: 5, rating_count: 1 });
  });

  it('sorts by rating: highest average first, then more reviews, then nearest; vets without reviews last', async () => {
    const { body } = await search({ searchZipCode: here.zip, sort: 'rating' });
    expect(body.sort).toBe('rating');
    expect(body.data.map((card) => card.id)).toEqual([vets.top, vets.many, vets.few, vets.low, vets.none]);
    // Paging keeps the order.
    const second = await search({ searchZipCode: here.zip, sort: 'rating', searchStart: 2, searchCount: 2 });
    expect(second.body.data.map((card) => card.id)).toEqual([vets.few, vets.low]);
  });

  it('sorts by rating in a city and in a state too, then by name', async () => {
    for (const where of [{ searchCity: city }, { searchCity: city, searchState: 'HI' }]) {
      const { status, body } = await search({ ...where, sort: 'rating', min_rating: 2, searchCount: 50 });
      expect(status, body.message).toBe(200);
      const ours = body.data.map((card) => card.id).filter((id) => Object.values(vets).includes(id));
      expect(ours).toEqual([vets.top, vets.many, vets.few, vets.low]);
      const averages = body.data.map((card) => card.rating_average ?? 0);
      expect(averages).toEqual([...averages].sort((a, b) => b - a));
    }
    const state = await search({ searchState: 'HI', sort: 'rating', searchCount: 100 });
    const averages = state.body.data.map((card) => card.rating_average ?? 0);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
  });

  it('filters by min_rating: the average as shown reaches it', async () => {
    const ids = async (payload: Record<string, unknown>) => (await search({ searchZipCode: here.zip, searchCount: 50, sort: 'distance', ...payload })).body;
    const four = await ids({ min_rating: 4 });
    expect(four.data.map((card) => card.id)).toEqual([vets.few, vets.many, vets.top]);
    expect(four.totalCount).toBe(3);
    expect((await ids({ min_rating: 5 })).data.map((card) => card.id)).toEqual([vets.top]);
    expect((await ids({ min_rating: 1 })).data.map((card) => card.id)).toEqual([vets.low, vets.few, vets.many, vets.top]);
    expect((await ids({ min_rating: 3, sort: 'rating' })).data.map((card) => card.id)).toEqual([vets.top, vets.many, vets.few]);
    // The GET twin reads it from the URL like the other filters.
    const get = await app.inject({ method: 'GET', url: `/api/doctors/search?searchZipCode=${here.zip}&min_rating=4&sort=rating` });
    expect(get.statusCode).toBe(200);
    expect(get.json<Answer>().data.map((card) => card.id)).toEqual([vets.top, vets.many, vets.few]);
  });

  it('keeps the Sponsored places at the top with a rating sort and filter, for Premium vets that match', async () => {
    const place = await origin();
    const plain = await vetAt(place, 1);
    const premium = await vetAt(place, 2, { plan: 3 });
    const unrated = await vetAt(place, 3, { plan: 3 });
    await review(plain, 5);
    await review(premium, 3);
    app.changes.announce({ kind: 'listing changed', doctorId: premium });
    // The two Sponsored places go round the Premium vets in range as they always do (not by rating).
    const rated = (await search({ searchZipCode: place.zip, sort: 'rating' })).body.data;
    expect(rated.slice(0, 2).every((card) => card.sponsored)).toBe(true);
    expect(
      rated
        .slice(0, 2)
        .map((card) => card.id)
        .sort(),
    ).toEqual([premium, unrated].sort());
    expect(rated.slice(2).map((card) => [card.id, card.sponsored])).toEqual([[plain, false]]);
    const filtered = (await search({ searchZipCode: place.zip, sort: 'rating', min_rating: 3 })).body.data;
    expect(filtered.map((card) => [card.id, card.sponsored])).toEqual([
      [premium, true],
      [plain, false],
    ]);
  });

  it("shows a review's publication in search within a second, with no announcement (another server's write)", async () => {
    const place = await origin();
    const vet = await vetAt(place, 1);
    const held = await review(vet, 4, 'pending');
    // Each radius is another search, so the answer cache (which only an announcement clears) is not asked.
    expect((await search({ searchZipCode: place.zip, radius: 5 })).body.data[0]).toMatchObject({ id: vet, rating_average: null, rating_count: 0 });
    await setState(held, 'published');
    // The index reads its change log at least once a second: ask again (a new radius each time, so never a
    // cached answer) until it shows the review, and fail if that takes much longer than a second.
    let radius = 8;
    const card = async () => (await search({ searchZipCode: place.zip, radius: (radius += 1) })).body.data[0];
    await expect.poll(card, { timeout: 3_000, interval: 50 }).toMatchObject({ id: vet, rating_average: 4, rating_count: 1 });
    expect((await search({ searchZipCode: place.zip, radius: 7, min_rating: 4 })).body.data.map((card) => card.id)).toEqual([vet]);
  });

  it.each([[{ min_rating: 0 }], [{ min_rating: 6 }], [{ min_rating: 4.5 }], [{ min_rating: '4' }], [{ min_rating: null }]])(
    'refuses %j with a 400 sentence, and the GET twin the same',
    async (extra) => {
      const post = await search({ searchZipCode: '10001', ...extra });
      expect(post.status).toBe(400);
      expect(post.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Choose a minimum rating from 1 to 5 stars.', field: 'min_rating' });
      if (typeof extra.min_rating === 'number') {
        const get = await app.inject({ method: 'GET', url: `/api/doctors/search?searchZipCode=10001&min_rating=${extra.min_rating}` });
        expect(get.statusCode).toBe(400);
        expect(get.json()).toEqual(post.body);
      }
    },
  );

  it('refuses an unknown sort and min_rating text in the URL with a 400 sentence', async () => {
    for (const query of ['min_rating=four', 'min_rating=9', 'sort=stars']) {
      const res = await app.inject({ method: 'GET', url: `/api/doctors/search?searchZipCode=10001&${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('ratings on the profile', () => {
  it('the profile answer and the page carry the rating; the structured data AggregateRating and the newest published reviews, escaped', async () => {
    const here = await origin();
    const vet = await vetAt(here, 1);
    await review(vet, 4, 'published', { title: 'Older visit', createdAt: new Date('2026-09-01T10:00:00Z') });
    await review(vet, 5, 'published', { title: `<b>Best</b> ${marker}`, text: TRICKY, createdAt: new Date('2026-10-02T10:00:00Z') });
    await review(vet, 1, 'pending', { title: 'Held back', createdAt: new Date('2026-10-03T10:00:00Z') });
    app.changes.announce({ kind: 'listing changed', doctorId: vet });

    const profile = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: vet } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: vet, rating_average: 4.5, rating_count: 2 });

    const page = await app.inject({ method: 'GET', url: `/viewdoctorprofile/${vet}` });
    expect(page.statusCode).toBe(200);
    // No value can close the script element or start markup.
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(page.body).not.toContain('<b>Best</b>');
    const nodes = [...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const practice = nodes.find((node) => Array.isArray(node['@type']) && (node['@type'] as string[]).includes('VeterinaryCare'))!;
    expect(practice.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(practice.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: expect.stringMatching(/^Owner\d+ Z\.$/) },
        datePublished: '2026-10-02',
        name: `<b>Best</b> ${marker}`,
        reviewBody: TRICKY,
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
      expect.objectContaining({ name: 'Older visit', datePublished: '2026-09-01', reviewRating: expect.objectContaining({ ratingValue: 4 }) }),
    ]);
    // The embedded first-screen data is the profile answer, rating included.
    expect(page.body).toContain('"rating_average":4.5');
  });

  it('a profile without published reviews has null, 0 and no AggregateRating', async () => {
    const here = await origin();
    const vet = await vetAt(here, 1);
    await review(vet, 5, 'pending');
    const profile = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: vet } });
    expect(profile.json()).toMatchObject({ rating_average: null, rating_count: 0 });
    const page = await app.inject({ method: 'GET', url: `/viewdoctorprofile/${vet}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('AggregateRating');
    expect(page.body).not.toContain('"review"');
  });
});

describe('a statement that changes many vets (decision 252)', () => {
  it('holds at most 1,024 of the search table locks, however many vets it changes, and waits its turn in bucket order', async () => {
    // 20,000 vets' locks one by one filled PostgreSQL's lock table ('out of shared memory'); a vet's lock is one of 1,024 buckets.
    await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT doctor_search_lock(g) FROM generate_series(1, 20000) AS g`);
      const [held] = rowsOf<{ n: number }>(
        await tx.execute(sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND classid = 1937007987`),
      );
      expect(held!.n).toBe(1024);
    });
    // Many vets refreshed at once (the import's path) rebuild their rows, a bucket locked once for two vets in it.
    const id = await vetAt(await origin(), 1);
    await app.database.db.execute(sql`DELETE FROM doctor_search WHERE user_id = ${id}`);
    await app.database.db.execute(sql`SELECT doctor_search_refresh_many(ARRAY[${id}::int, ${id + 1024}::int, ${id}::int])`);
    const [row] = rowsOf<{ n: number }>(await app.database.db.execute(sql`SELECT count(*)::int AS n FROM doctor_search WHERE user_id = ${id}`));
    expect(row!.n).toBe(1);
  });
});
