// Searching for vets (docs/product.md, Search) as a client meets it, part one: near a zip code, the
// Sponsored slots, the filters, by city and state, who is listed, what clears a cached search, and how the
// index follows the database (counting, paging, radius, bad input and GET twins: search-paging.test.ts).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createAccount, createArticle, createVet, injectAs } from '../../../../test/factories';
import { profiles, zipCodes, type WorkingDay } from '../../../../db/schema';
import { updateUser } from '../../users/index';
import { app, clock, marker, origin, search, setupSearchApp, vetAt, type Answer } from './search.fixture';

setupSearchApp();

describe('search near a zip code', () => {
  let here: { zip: string; lat: number; lon: number };
  const ids: Record<number, number> = {};
  beforeAll(async () => {
    here = await origin();
    for (const miles of [24.9, 1, 4.9, 5.2, 3, 9.9, 25.3, 49, 99, 101]) ids[miles] = await vetAt(here, miles);
  });

  it('lists the vets in range nearest first with their distance, 25 miles by default', async () => {
    const { status, body } = await search({ searchZipCode: here.zip, searchCount: 50, sort: 'distance' });
    expect(status).toBe(200);
    expect(body.data.map((d) => d.distance)).toEqual([1, 3, 4.9, 5.2, 9.9, 24.9]);
    expect(body).toMatchObject({ totalCount: 6, totalCountCapped: false, used: 'zip', radius: 25, sort: 'distance', notice: null });
    expect(body.location).toMatchObject({ zip: here.zip });
  });

  it('keeps to each radius: 5, 10, 50 and 100 miles', async () => {
    const within = async (radius: number) => (await search({ searchZipCode: here.zip, radius, searchCount: 50 })).body;
    expect((await within(5)).data.map((d) => d.id)).toEqual([ids[1], ids[3], ids[4.9]]);
    expect((await within(10)).totalCount).toBe(5);
    expect((await within(50)).data.map((d) => d.distance)).toEqual([1, 3, 4.9, 5.2, 9.9, 24.9, 25.3, 49]);
    const wide = await within(100);
    expect(wide.totalCount).toBe(9);
    expect(wide.data.at(-1)!.id).toBe(ids[99]);
  });

  it('sorts by name on request', async () => {
    const { body } = await search({ searchZipCode: here.zip, sort: 'name', searchCount: 50 });
    const names = body.data.map((d) => d.clinic_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(body.sort).toBe('name');
  });

  it('pages to the last page and answers an empty page beyond the end, with the same count', async () => {
    const last = (await search({ searchZipCode: here.zip, searchCount: 4, searchStart: 4 })).body;
    expect(last.data.map((d) => d.distance)).toEqual([9.9, 24.9]);
    expect(last.totalCount).toBe(6);
    const beyond = (await search({ searchZipCode: here.zip, searchCount: 4, searchStart: 8 })).body;
    expect(beyond).toMatchObject({ data: [], totalCount: 6 });
  });

  it('uses the zip code when a city is typed with it, and says so', async () => {
    const { body } = await search({ searchZipCode: here.zip, searchCity: 'Austin', searchCount: 1 });
    expect(body.used).toBe('zip');
    expect(body.notice).toBe(
      `Showing veterinarians near ${here.zip} (Oceanview ${marker}, HI); the city "Austin" was not used. Clear the zip code to search by city or state.`,
    );
    const same = (await search({ searchZipCode: here.zip, searchCity: `oceanview ${marker}`, searchState: 'Hawaii', searchCount: 1 })).body;
    expect(same.notice).toBeNull();
  });
});

describe('Sponsored slots', () => {
  let here: { zip: string; lat: number; lon: number };
  const premium: number[] = [];
  const basic: number[] = [];
  beforeAll(async () => {
    here = await origin();
    for (const miles of [2, 6, 8, 12]) premium.push(await vetAt(here, miles, { plan: 3 }));
    for (const miles of [1, 4, 10]) basic.push(await vetAt(here, miles, { plan: 1 }));
  });

  it('puts up to two Premium vets on top, labelled, and lists every vet once; count and cards agree', async () => {
    const first = (await search({ searchZipCode: here.zip, searchCount: 3 })).body;
    expect(first.totalCount).toBe(7);
    expect(first.data.map((d) => d.sponsored)).toEqual([true, true, false]);
    expect(first.data.slice(0, 2).every((d) => premium.includes(d.id))).toBe(true);
    const pages = [
      first,
      ...(await Promise.all([3, 6].map((start) => search({ searchZipCode: here.zip, searchCount: 3, searchStart: start })))).map((r) => r.body),
    ];
    const all = pages.flatMap((p) => p.data.map((d) => d.id));
    expect(all).toHaveLength(7);
    expect(new Set(all).size).toBe(7);
    expect(
      pages
        .slice(1)
        .flatMap((p) => p.data)
        .some((d) => d.sponsored),
    ).toBe(false);
    // Outside the Sponsored slots the order is by distance only, whatever the plan.
    const plain = all.slice(2).map((id) => [...premium, ...basic].indexOf(id));
    const miles = [2, 6, 8, 12, 1, 4, 10];
    const distances = plain.map((i) => miles[i]!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const one = (await search({ searchZipCode: here.zip, searchCount: 50 })).body;
    expect(one.data).toHaveLength(7);
  });

  it('rotates the slots fairly among the Premium vets in range over time', async () => {
    const seen = new Map<number, number>();
    for (let window = 0; window < 24; window += 1) {
      const at = new Date(Date.UTC(2026, 10, 23, 0, window * 10, 5));
      clock.set(at);
      const { body } = await search({ searchZipCode: here.zip, searchCount: 2 });
      expect(body.data.every((d) => d.sponsored)).toBe(true);
      for (const card of body.data) seen.set(card.id, (seen.get(card.id) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([...premium].sort());
    // 24 windows x 2 slots over 4 vets: each gets a fair share (12 on average).
    for (const count of seen.values()) expect(count).toBeGreaterThanOrEqual(4);
  });
});

describe('filters', () => {
  let here: { zip: string; lat: number; lon: number };
  const ids: Record<string, number> = {};
  const weekdays = (open: string, close: string): WorkingDay[] =>
    (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) =>
      day === 'sat' || day === 'sun' ? { day, closed: true } : { day, closed: false, open, close },
    );
  beforeAll(async () => {
    here = await origin();
    ids.dogs = await vetAt(here, 1, { species: ['Dogs'], services: ['Surgery'], plan: 2 });
    ids.cats = await vetAt(here, 2, { species: ['cats'], services: ['Dentistry', 'Wellness exams'], plan: 2 });
    ids.birds = await vetAt(here, 3, { species: ['Birds'], services: ['Avian care'], emergency: true, plan: 2 });
    ids.accepting = await vetAt(here, 4, { species: ['dogs', 'cats'], acceptingNewPatients: true });
    ids.newYork = await vetAt(here, 5, { species: ['ferrets'], timeZone: 'America/New_York', workingTime: weekdays('09:00', '17:00') });
    ids.losAngeles = await vetAt(here, 6, { species: ['ferrets'], timeZone: 'America/Los_Angeles', workingTime: weekdays('09:00', '17:00') });
    ids.lateNight = await vetAt(here, 7, {
      species: ['ferrets'],
      timeZone: 'America/Chicago',
      workingTime: [
        { day: 'sun', closed: false, open: '20:00', close: '02:00' },
        ...(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const).map((day) => ({ day, closed: true })),
      ],
    });
    ids.noZone = await vetAt(here, 8, { species: ['ferrets'], timeZone: null, workingTime: weekdays('00:00', '23:59') });
  });
  const ids_ = (answer: Answer) => answer.data.map((d) => d.id);
  const run = async (filters: Record<string, unknown>) => (await search({ searchZipCode: here.zip, searchCount: 50, ...filters })).body;

  it('filters by species, any of them, whatever the case or plural', async () => {
    expect(ids_(await run({ species: ['dog'] }))).toEqual([ids.dogs, ids.accepting]);
    expect(ids_(await run({ species: ['Birds', 'CAT'] }))).toEqual([ids.cats, ids.birds, ids.accepting]);
  });

  it('filters by services, any of them', async () => {
    expect(ids_(await run({ services: ['surgery', 'avian care'] }))).toEqual([ids.dogs, ids.birds]);
  });

  it('filters 24/7 emergency care and vets accepting new patients', async () => {
    expect(ids_(await run({ emergency: true }))).toEqual([ids.birds]);
    expect(ids_(await run({ accepting_new_patients: true }))).toEqual([ids.accepting]);
    expect((await run({ emergency: false })).totalCount).toBe(8);
  });

  it("finds vets open now in each clinic's own time zone", async () => {
    // Monday 15:00 UTC: 10:00 in New York (open), 07:00 in Los Angeles (not yet), 09:00 in Chicago.
    clock.set(new Date('2026-11-23T15:00:00Z'));
    const morning = await run({ open_now: true, searchStart: 0 });
    expect(ids_(morning)).toContain(ids.newYork);
    expect(ids_(morning)).not.toContain(ids.losAngeles);
    expect(ids_(morning)).not.toContain(ids.noZone);
    // Monday 22:00 UTC: 17:00 in New York (just closed), 14:00 in Los Angeles (open).
    clock.set(new Date('2026-11-23T22:00:00Z'));
    const evening = await run({ open_now: true });
    expect(ids_(evening)).toContain(ids.losAngeles);
    expect(ids_(evening)).not.toContain(ids.newYork);
    const all = await run({});
    expect(all.data.find((d) => d.id === ids.losAngeles)!.open_now).toBe(true);
    expect(all.data.find((d) => d.id === ids.newYork)!.open_now).toBe(false);
    expect(all.data.find((d) => d.id === ids.noZone)!.open_now).toBeNull();
    // Closed at 17:00 after a day's work: 'Closed now', not 'Closed today'; unknown hours say neither.
    const card = (answer: Answer, id: number) => answer.data.find((d) => d.id === id) as Answer['data'][number] & { closed_today?: boolean | null };
    expect(card(all, ids.newYork!).closed_today).toBe(false);
    expect(card(all, ids.noZone!).closed_today).toBeNull();
    // Saturday 15:00 UTC: the weekday practices have no opening at all that day.
    clock.set(new Date('2026-11-28T15:00:00Z'));
    const saturday = await run({});
    expect(card(saturday, ids.newYork!)).toMatchObject({ open_now: false, closed_today: true });
    expect(card(saturday, ids.losAngeles!)).toMatchObject({ open_now: false, closed_today: true });
  });

  it('counts Sunday evening hours past midnight into Monday', async () => {
    // Monday 07:30 UTC is 01:30 on Monday in Chicago: the Sunday 20:00-02:00 shift is still on.
    clock.set(new Date('2026-11-23T07:30:00Z'));
    expect(ids_(await run({ open_now: true }))).toContain(ids.lateNight);
    clock.set(new Date('2026-11-23T08:30:00Z'));
    expect(ids_(await run({ open_now: true }))).not.toContain(ids.lateNight);
  });
});

describe('search by city and state', () => {
  let sf: number;
  let ny: number;
  beforeAll(async () => {
    const { db } = app.database;
    await db
      .insert(zipCodes)
      .values([
        { zip: '94102', city: 'San Francisco', state: 'CA', latitude: 37.7813, longitude: -122.4167 },
        { zip: '10001', city: 'New York', state: 'NY', latitude: 40.7484, longitude: -73.9967 },
        { zip: '78701', city: 'Austin', state: 'TX', latitude: 30.2713, longitude: -97.7426 },
      ])
      .onConflictDoNothing();
    sf = (
      await createVet(app, { clinicName: `Aaa Bay Clinic ${marker}`, city: 'San Francisco', state: 'CA', zip: '94102', latitude: 37.78, longitude: -122.41 })
    ).user.id;
    ny = (await createVet(app, { clinicName: `Aaa Hudson Clinic ${marker}`, city: 'New York', state: 'NY', zip: '10001' })).user.id;
  });

  it("tolerates typos and case in city names: 'San Fransisco' and 'new york' both work", async () => {
    const typo = (await search({ searchCity: 'San Fransisco', searchCount: 50 })).body;
    expect(typo.data.map((d) => d.id)).toContain(sf);
    expect(typo).toMatchObject({ used: 'city', location: { city: 'San Francisco' }, notice: 'Showing results for San Francisco.' });
    expect(typo.data.every((d) => d.distance === null)).toBe(true);
    const lower = (await search({ searchCity: 'new york', searchCount: 50 })).body;
    expect(lower.data.map((d) => d.id)).toContain(ny);
    expect(lower.data.map((d) => d.id)).not.toContain(sf);
    expect(lower.notice).toBeNull();
  });

  it('takes a state by name or by code, alone or with a city', async () => {
    for (const state of ['california', 'CA', 'ca', 'California']) {
      const { body } = await search({ searchState: state, searchCount: 50 });
      expect(
        body.data.map((d) => d.id),
        state,
      ).toContain(sf);
      expect(
        body.data.map((d) => d.id),
        state,
      ).not.toContain(ny);
      expect(body.used).toBe('state');
    }
    const both = (await search({ searchCity: 'san francisco', searchState: 'California', searchCount: 50 })).body;
    expect(both.used).toBe('city_state');
    expect(both.data.map((d) => d.id)).toContain(sf);
  });

  it('refuses a city it cannot recognise with a plain sentence', async () => {
    const { status, body } = await search({ searchCity: 'Qqxxzz' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'UNKNOWN_CITY', message: 'We do not know a city called "qqxxzz". Check the spelling, or search by zip code or state.' });
  });
});

describe('who is listed', () => {
  let here: { zip: string; lat: number; lon: number };
  const hidden: Record<string, number> = {};
  let listed: number;
  beforeAll(async () => {
    here = await origin();
    listed = await vetAt(here, 1);
    hidden.pending = await vetAt(here, 2, { reviewState: 'pending' });
    hidden.rejected = await vetAt(here, 2.5, { reviewState: 'rejected' });
    hidden.unpaid = await vetAt(here, 3, { unpaid: true });
    hidden.expired = await vetAt(here, 4, { expired: true });
    hidden.suspended = await vetAt(here, 5, { suspended: true });
  });

  it('hides unapproved, unpaid, expired and suspended vets from search and from profiles', async () => {
    const { body } = await search({ searchZipCode: here.zip });
    expect(body.data.map((d) => d.id)).toEqual([listed]);
    expect(body.totalCount).toBe(1);
    for (const [what, id] of Object.entries(hidden)) {
      const res = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id } });
      expect(res.statusCode, what).toBe(404);
      expect(res.json().message).toBe('This profile does not exist or is not public.');
    }
    const shown = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: listed } });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: listed, time_zone: 'America/New_York' });
  });

  it('shows a vet as soon as an approval lands, even right after the same search was cached', async () => {
    const before = (await search({ searchZipCode: here.zip })).body;
    expect(before.data.map((d) => d.id)).not.toContain(hidden.pending);
    await updateUser(app.database.db, hidden.pending!, { reviewState: 'approved', reviewedAt: new Date() }, new Date());
    app.changes.announce({ kind: 'listing changed', doctorId: hidden.pending! });
    const after = (await search({ searchZipCode: here.zip })).body;
    expect(after.data.map((d) => d.id)).toEqual([listed, hidden.pending]);
    expect(after.totalCount).toBe(2);
  });

  it('answers repeated searches from the cache until a listing change is announced', async () => {
    const first = (await search({ searchZipCode: here.zip, radius: 10 })).body;
    // A change written behind the app's back is not seen while the answer is cached...
    await app.database.db
      .update(profiles)
      .set({ clinicName: `Renamed ${marker}` })
      .where(eq(profiles.userId, listed));
    expect((await search({ searchZipCode: here.zip, radius: 10 })).body).toEqual(first);
    // ...and is seen once a listing change is announced, as every write path does.
    app.changes.announce({ kind: 'listing changed', doctorId: listed });
    expect((await search({ searchZipCode: here.zip, radius: 10 })).body.data[0]!.clinic_name).toBe(`Renamed ${marker}`);
  });
});

describe('what clears a cached search', () => {
  it('keeps a cached search through an article edit, and drops it the moment any listing changes', async () => {
    const here = await origin();
    const shown = await vetAt(here, 1);
    // Another vet, far from here: its listing change still clears every cached search (any search may show it).
    const elsewhere = await vetAt(await origin(), 1);
    const admin = await createAccount(app, { stage: 'admin' });
    const article = await createArticle(app);
    const names = async () => (await search({ searchZipCode: here.zip, radius: 7 })).body.data.map((d) => d.clinic_name);
    expect(await names()).toEqual([`Clinic 1 mi ${marker}`]);
    // A change written behind the app's back shows only once the cached answer is dropped.
    await app.database.db
      .update(profiles)
      .set({ clinicName: `Renamed ${marker}` })
      .where(eq(profiles.userId, shown));

    const edited = await injectAs(app, admin.token, { url: '/api/admin/articles/update', payload: { id: article.id, title: `Edited ${marker}` } });
    expect(edited.statusCode).toBe(200);
    expect(await names()).toEqual([`Clinic 1 mi ${marker}`]);

    const suspended = await injectAs(app, admin.token, { url: '/api/admin/suspend', payload: { user_id: elsewhere } });
    expect(suspended.statusCode).toBe(200);
    expect(await names()).toEqual([`Renamed ${marker}`]);
  });
});

describe('the search index follows the database', () => {
  // Each app server searches an in-memory index that reads doctor_search_log (docs/decisions/073).
  let here: { zip: string; lat: number; lon: number };
  const ids = async (radius = 25) => (await search({ searchZipCode: here.zip, radius, searchCount: 50 })).body.data.map((d) => d.id);
  beforeEach(async () => {
    here = await origin();
  });

  it('shows a listing written straight into the database, with no announcement, within a second', async () => {
    // Each radius is another search, so the answer cache (which only an announcement clears) is not asked.
    const vet = await vetAt(here, 1, { reviewState: 'pending' });
    // Past the seconds after the announcement of that write, in which every search reads the change log.
    clock.advance(2_001);
    expect(await ids(5)).toEqual([]);
    await app.database.db.execute(sql`UPDATE users SET review_state = 'approved' WHERE id = ${vet}`);
    // Otherwise the index reads its change log at least once a second by the app's clock.
    clock.advance(1_001);
    expect(await ids(10)).toEqual([vet]);
    await app.database.db.execute(sql`UPDATE profiles SET latitude = latitude + 1 WHERE user_id = ${vet}`);
    clock.advance(1_001);
    expect(await ids(25)).toEqual([]);
  });

  it("reloads everything after the seed command's bulk rebuild of doctor_search", async () => {
    const vet = await vetAt(here, 2);
    expect(await ids()).toEqual([vet]);
    await app.database.db.transaction(async (tx) => {
      // What `npm run seed` does after writing vets with the triggers off.
      await tx.execute(sql`ALTER TABLE doctor_search DISABLE TRIGGER doctor_search_logged`);
      await tx.execute(sql`UPDATE profiles SET latitude = latitude + 1 WHERE user_id = ${vet}`);
      await tx.execute(sql`TRUNCATE doctor_search`);
      await tx.execute(sql`INSERT INTO doctor_search SELECT * FROM doctor_search_source`);
      await tx.execute(sql`ALTER TABLE doctor_search ENABLE TRIGGER doctor_search_logged`);
    });
    app.changes.announce({ kind: 'listing changed', doctorId: vet });
    expect(await ids()).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('never skips a change whose transaction commits after a later one', async () => {
    const first = await vetAt(here, 1, { reviewState: 'pending' });
    const second = await vetAt(here, 2, { reviewState: 'pending' });
    const { pool } = app.database;
    const slow = await pool!.connect();
    try {
      await slow.query('BEGIN');
      // The first approval's transaction starts writing first (a lower transaction id) and stays open...
      await slow.query(`UPDATE users SET review_state = 'approved' WHERE id = $1`, [first]);
      // ...while a later one commits.
      await pool!.query(`UPDATE users SET review_state = 'approved' WHERE id = $1`, [second]);
      app.changes.announce({ kind: 'listing changed', doctorId: second });
      expect(await ids()).toEqual([second]);
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    app.changes.announce({ kind: 'listing changed', doctorId: first });
    expect(await ids()).toEqual([first, second]);
  });
});
