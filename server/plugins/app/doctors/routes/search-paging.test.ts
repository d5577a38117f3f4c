// Searching for vets (docs/product.md, Search) as a client meets it, part two: counting, paging a dense area
// exactly as a full sort would, the radius and page size, bad input, and the GET twins (the rest: doctors.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertListedVets } from '../../../../test/factories';
import { SEARCH_COUNT_CAP } from '../../../../../shared/constants/search';
import { app, origin, search, setupSearchApp, vetAt, type Card } from './search.fixture';

setupSearchApp();

describe('counting', () => {
  it('stops counting at 1,000 and says the count is capped', async () => {
    const here = await origin();
    const vets = await insertListedVets(app, 1005, here, { clinicName: 'Cap clinic', spread: 0.01 });
    try {
      const { body } = await search({ searchZipCode: here.zip, searchCount: 5 });
      expect(body).toMatchObject({ totalCount: 1000, totalCountCapped: true });
      expect(body.data).toHaveLength(5);
    } finally {
      await vets.remove();
    }
  });
});

describe('a dense area', () => {
  it('pages nearest first exactly as a full sort would, although the index stops reading once the page and the count are settled', async () => {
    const here = await origin();
    // 1,200 listed vets within about 30 miles, over many grid cells.
    const vets = await insertListedVets(app, 1200, here, { clinicName: 'Dense clinic', spread: 0.3 });
    try {
      const expected = (
        (await app.database.db.execute(sql`
          SELECT ds.user_id AS id FROM doctor_search ds, zip_codes z
          WHERE z.zip = ${here.zip} AND ds.clinic_name = 'Dense clinic'
            AND doctor_miles(ds.earth <-> doctor_earth(z.latitude, z.longitude)) <= 25
          ORDER BY ds.earth <-> doctor_earth(z.latitude, z.longitude), ds.user_id`)) as unknown as { rows: { id: number }[] }
      ).rows.map((r) => r.id);
      expect(expected.length).toBeGreaterThan(SEARCH_COUNT_CAP);
      for (const start of [0, 40, 950, 1000]) {
        const { body } = await search({ searchZipCode: here.zip, searchStart: start, searchCount: 50, sort: 'distance' });
        expect(body).toMatchObject({ totalCount: 1000, totalCountCapped: true });
        expect(
          body.data.map((d) => d.id),
          `page from ${start}`,
        ).toEqual(expected.slice(start, start + 50));
      }
    } finally {
      await vets.remove();
    }
  });

  it('pages by rating, and with a minimum rating, exactly as a full sort would, although the index skips cells that cannot reach the page, also after rating changes and removals from the change log', async () => {
    const here = await origin();
    const vets = await insertListedVets(app, 1200, here, { clinicName: 'Rated clinic', spread: 0.3 });
    try {
      const rated = sql`ds.clinic_name = 'Rated clinic'`;
      const announce = async (where: ReturnType<typeof sql>) => {
        const { rows } = (await app.database.db.execute(sql`SELECT ds.user_id FROM doctor_search ds WHERE ${where}`)) as unknown as {
          rows: { user_id: number }[];
        };
        for (const { user_id: doctorId } of rows) app.changes.announce({ kind: 'listing changed', doctorId });
      };
      // Random ratings with few reviews each, so that many vets share a shown average and a count.
      const rate = (where: ReturnType<typeof sql>) =>
        app.database.db.execute(sql`UPDATE doctor_search ds SET rating_count = c, rating_sum = c + floor(random() * (4 * c + 1))::int
          FROM (SELECT user_id, floor(random() * 6)::int AS c FROM doctor_search) r WHERE r.user_id = ds.user_id AND ${where}`);
      await rate(rated);
      await announce(rated);
      const expected = async (minRating: number, byRating: boolean) => {
        const shown = sql`CASE WHEN ds.rating_count > 0 THEN floor((ds.rating_sum * 20 + ds.rating_count) / (2 * ds.rating_count)) ELSE 0 END`;
        const { rows } = (await app.database.db.execute(sql`
          SELECT ds.user_id AS id FROM doctor_search ds, zip_codes z
          WHERE z.zip = ${here.zip} AND ${rated} AND ${shown} >= ${minRating * 10}
            AND doctor_miles(ds.earth <-> doctor_earth(z.latitude, z.longitude)) <= 25
          ORDER BY ${byRating ? sql`${shown} DESC, ds.rating_count DESC,` : sql``} ds.earth <-> doctor_earth(z.latitude, z.longitude), ds.user_id`)) as unknown as {
          rows: { id: number }[];
        };
        return rows.map((r) => r.id);
      };
      const compare = async (round: string) => {
        for (const [minRating, sort] of [
          [0, 'rating'],
          [4, 'rating'],
          [3, 'distance'],
          [2, 'rating'],
          [5, 'rating'],
        ] as const) {
          const all = await expected(minRating, sort === 'rating');
          for (const start of [0, 40, 950]) {
            const query = { searchZipCode: here.zip, searchStart: start, searchCount: 50, sort, ...(minRating ? { min_rating: minRating } : {}) };
            const { status, body } = await search(query);
            expect(status, body.message).toBe(200);
            const label = `${round}: ${JSON.stringify(query)}`;
            expect(body.totalCount, label).toBe(Math.min(all.length, SEARCH_COUNT_CAP));
            expect(Boolean(body.totalCountCapped), label).toBe(all.length > SEARCH_COUNT_CAP);
            expect(
              body.data.map((d) => d.id),
              label,
            ).toEqual(all.slice(start, start + 50));
          }
        }
      };
      expect((await expected(0, true)).length).toBeGreaterThan(SEARCH_COUNT_CAP);
      await compare('first');
      // New ratings for a third of them, and some taken out of the list, through the change log.
      const some = sql`${rated} AND ds.user_id % 3 = 0`;
      await rate(some);
      await announce(some);
      const gone = sql`${rated} AND ds.user_id % 7 = 1`;
      await announce(gone);
      await app.database.db.execute(sql`DELETE FROM doctor_search ds WHERE ${gone}`);
      await compare('after changes');
    } finally {
      await vets.remove();
    }
  });
});

describe('radius and page size', () => {
  it('takes any whole number of miles up to 100 and pages of up to 100', async () => {
    const here = await origin();
    const [inside, outside] = [await vetAt(here, 28), await vetAt(here, 33)];
    const { status, body } = await search({ searchZipCode: here.zip, radius: 30, searchCount: 100 });
    expect(status, body.message).toBe(200);
    const ids = body.data.map((d) => d.id);
    expect(ids).toContain(inside);
    expect(ids).not.toContain(outside);
  });
});

describe('bad input', () => {
  it.each([
    [{}, 'VALIDATION_ERROR', 'Enter a zip code, a city or a state.'],
    [{ searchZipCode: '12ab' }, 'VALIDATION_ERROR', 'Enter a five-digit zip code.'],
    [{ searchZipCode: '00001' }, 'UNKNOWN_ZIP', 'We do not know the zip code 00001. Please check it.'],
    [{ searchState: 'Atlantis' }, 'UNKNOWN_STATE', 'We do not know the state "Atlantis". Use its name or two-letter code.'],
    [{ searchZipCode: '10001', radius: 0 }, 'VALIDATION_ERROR', 'Choose a radius from 1 to 100 miles.'],
    [{ searchZipCode: '10001', radius: 150 }, 'VALIDATION_ERROR', 'Choose a radius from 1 to 100 miles.'],
    [{ searchCity: 'x', searchCount: 101 }, 'VALIDATION_ERROR', 'The search count must be at most 100.'],
    [{ searchCity: 'x', searchCount: 5000 }, 'VALIDATION_ERROR', undefined],
    [{ searchCity: 'x', sort: 'price' }, 'VALIDATION_ERROR', undefined],
    [{ searchCity: 'x', species: 'dog' }, 'VALIDATION_ERROR', undefined],
  ])('refuses %j with a 400 sentence', async (body, code, message) => {
    const { status, body: answer } = await search(body);
    expect(status).toBe(400);
    expect(answer.code).toBe(code);
    expect(answer.message).toMatch(/^[A-Z].*\.$/);
    if (message) expect(answer.message).toBe(message);
  });

  it('refuses bad GET parameters with a 400 sentence', async () => {
    for (const query of [
      'searchZipCode=10001&open_now=yes',
      'searchZipCode=10001&searchCount=-1',
      'searchZipCode=10001&sort=price',
      'searchZipCode=10001&bogus=1',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/doctors/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/\S.*\.$/);
    }
    expect((await app.inject({ method: 'GET', url: '/api/doctors/get-by-id?id=abc' })).statusCode).toBe(400);
  });

  // The GET twin reads its query string as the POST body (server/lib/get-twin.ts): the same rules, the same sentences.
  it.each([
    ['searchZipCode=10001&radius=500', { searchZipCode: '10001', radius: 500 }],
    ['searchZipCode=10001&radius=5000', { searchZipCode: '10001', radius: 5000 }],
    ['searchZipCode=10001&radius=0', { searchZipCode: '10001', radius: 0 }],
    ['searchZipCode=10001&radius=ten', { searchZipCode: '10001', radius: 'ten' }],
    ['searchCity=x&searchCount=101', { searchCity: 'x', searchCount: 101 }],
    ['searchCity=x&searchStart=20000', { searchCity: 'x', searchStart: 20000 }],
    ['searchCity=x&open_now=yes', { searchCity: 'x', open_now: 'yes' }],
    ['searchCity=x&sort=price', { searchCity: 'x', sort: 'price' }],
    ['searchZipCode=12ab', { searchZipCode: '12ab' }],
    ['searchCity=x&bogus=1', { searchCity: 'x', bogus: '1' }],
  ])('GET ?%s is refused like the POST %j, with the same sentence', async (query, body) => {
    const post = await search(body);
    const get = await app.inject({ method: 'GET', url: `/api/doctors/search?${query}` });
    expect(post.status).toBe(400);
    expect(get.statusCode).toBe(400);
    expect(get.json()).toEqual(post.body);
  });

  it.each([['abc'], ['0'], ['2147483648'], [':x']])('GET get-by-id?id=%s is refused like the POST, with the same sentence', async (id) => {
    const post = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: /^\d+$/.test(id) ? Number(id) : id } });
    const get = await app.inject({ method: 'GET', url: `/api/doctors/get-by-id?id=${encodeURIComponent(id)}` });
    expect(post.statusCode).toBe(400);
    expect(get.statusCode).toBe(400);
    expect(get.json()).toEqual(post.json());
  });
});

describe('GET twins', () => {
  let here: { zip: string; lat: number; lon: number };
  let id: number;
  beforeAll(async () => {
    here = await origin();
    id = await vetAt(here, 2, { species: ['dogs'], emergency: true });
    await vetAt(here, 3, { species: ['cats'] });
  });

  it('answers GET /api/doctors/search like the POST, with Cache-Control and an ETag that gives 304', async () => {
    const post = await search({ searchZipCode: here.zip, species: ['dog', 'bird'], emergency: true });
    const res = await app.inject({ method: 'GET', url: `/api/doctors/search?searchZipCode=${here.zip}&species=dog,bird&emergency=true` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(post.body);
    expect(res.json().data.map((d: Card) => d.id)).toEqual([id]);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      method: 'GET',
      url: `/api/doctors/search?searchZipCode=${here.zip}&species=dog&species=bird&emergency=1`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers GET /api/doctors/get-by-id?id= with an ETag and 304, and 404 for a hidden vet', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/doctors/get-by-id?id=${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, emergency: true, species: ['dogs'] });
    expect(res.headers['cache-control']).toMatch(/public/);
    const cached = await app.inject({ method: 'GET', url: `/api/doctors/get-by-id?id=${id}`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
    expect((await app.inject({ method: 'GET', url: '/api/doctors/get-by-id?id=999999999' })).statusCode).toBe(404);
  });
});
