// Finding the right vet (docs/product.md section 33): the recommended order,
// the 'what' (q), a map box with markers, 'open now' with unknown hours, and the suggestions.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { zipCodes } from '../../../../db/schema';
import { app, marker, origin, search, setupSearchApp, vetAt } from './search.fixture';

setupSearchApp();

type Extra = { markers?: { id: number; latitude: number; longitude: number }[]; markers_capped?: boolean; hours_unknown_count?: number; facets?: unknown };
const rate = async (id: number, count: number, sum: number) => {
  await app.database.db.execute(sql`UPDATE doctor_search SET rating_count = ${count}, rating_sum = ${sum} WHERE user_id = ${id}`);
  app.changes.announce({ kind: 'listing changed', doctorId: id });
};

describe('finding the right vet', () => {
  it('orders by recommended by default: 80 reviews at 4.8 before 1 five-star review at the same distance', async () => {
    const here = await origin();
    const one = await vetAt(here, 3);
    const eighty = await vetAt(here, 3.05);
    await rate(one, 1, 5);
    await rate(eighty, 80, 384);
    const { status, body } = await search({ searchZipCode: here.zip });
    expect(status).toBe(200);
    expect(body.sort).toBe('recommended');
    expect(body.data.map((d) => d.id)).toEqual([eighty, one]);
    expect((body as Extra).facets).toBeTruthy();
    // The explicit sorts stay: by distance the nearer one comes first.
    const near = await search({ searchZipCode: here.zip, sort: 'distance' });
    expect(near.body.data.map((d) => d.id)).toEqual([one, eighty]);
  });

  it('in a city search measures the distance part from the centre of the city, not from its first practice', async () => {
    const here = await origin();
    // A city's name is letters: the file's marker spelt as letters keeps it apart from other runs' cities.
    const city = `Lakeside ${marker.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    // A place must be known by its zip codes to be searched as a city.
    await app.database.db.insert(zipCodes).values({ zip: '00008', city, state: 'HI', latitude: here.lat, longitude: here.lon });
    // Listed first, so the lowest id: the order without the distance part would put it first.
    const outlying = await vetAt(here, 40, { city });
    const central = [];
    for (const miles of [0, 0.5, 1, 1.5]) central.push(await vetAt(here, miles, { city }));
    const { status, body } = await search({ searchCity: city, searchState: 'HI' });
    expect(status).toBe(200);
    expect(body.sort).toBe('recommended');
    const ids = body.data.map((d) => d.id);
    expect(new Set(ids)).toEqual(new Set([outlying, ...central]));
    // The centre of the five lies about 8.6 miles north: the four near it come first, nearest to it first.
    expect(ids).toEqual([...central].reverse().concat(outlying));
  });

  it('finds a clinic by a misspelt name, and by service and species words, alone or with a place', async () => {
    const here = await origin();
    const blue = await vetAt(here, 2, { clinicName: `Bluebird ${marker} Animal Hospital`, services: ['Boarding'], species: ['rabbits'], plan: 2 });
    await vetAt(here, 4, { clinicName: `Harbor ${marker} Vets`, services: ['Surgery'], species: ['dogs'], plan: 2 });
    const named = await search({ q: 'Bluebrid', searchZipCode: here.zip });
    expect(named.body.data.map((d) => d.id)).toEqual([blue]);
    const alone = await search({ q: `bluebird ${marker}` });
    expect(alone.status).toBe(200);
    expect(alone.body.used).toBe('q');
    expect(alone.body.data.map((d) => d.id)).toEqual([blue]);
    for (const q of ['boarding', 'rabbit']) expect((await search({ q, searchZipCode: here.zip })).body.data.map((d) => d.id)).toEqual([blue]);
    // A service word alone (no place) reads the practices offering it, in the recommended order, everywhere.
    const offered = await search({ q: 'boarding', searchCount: 100 });
    expect(offered.body.used).toBe('q');
    expect(offered.body.data.map((d) => d.id)).toContain(blue);
    const short = await search({ q: 'a', searchZipCode: here.zip });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Enter 2 to 80 characters to search for.');
    const suggest = await app.inject({ method: 'POST', url: '/api/doctors/suggest', payload: { q: 'bluebir' } });
    expect(suggest.statusCode).toBe(200);
    const items = (suggest.json() as { data: { kind: string; label: string; id?: number }[] }).data;
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items).toContainEqual({ kind: 'clinic', label: `Bluebird ${marker} Animal Hospital`, id: blue });
    const words = (await app.inject({ method: 'GET', url: '/api/doctors/suggest?q=dent' })).json() as { data: { kind: string; label: string }[] };
    expect(words.data).toContainEqual({ kind: 'service', label: 'Dentistry' });
  });

  it('searches a map box: every match gets a marker; a box over 300 miles or with a place is refused with a sentence', async () => {
    const here = await origin();
    const a = await vetAt(here, 5);
    const b = await vetAt(here, 30);
    await vetAt(here, 200);
    const bounds = { north: here.lat + 1, south: here.lat - 0.5, east: here.lon + 0.5, west: here.lon - 0.5 };
    const { status, body } = await search({ bounds, searchCount: 1 });
    expect(status).toBe(200);
    expect(body.used).toBe('bounds');
    expect(body.totalCount).toBe(2);
    expect(body.data).toHaveLength(1);
    const extra = body as Extra;
    expect(extra.markers_capped).toBe(false);
    expect(extra.markers!.map((m) => m.id).sort()).toEqual([a, b].sort());
    const wide = await search({ bounds: { ...bounds, north: here.lat + 6 } });
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe('That map area is too large to search. Zoom in to an area up to 300 miles across.');
    const both = await search({ bounds, searchZipCode: here.zip });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Search the map area or a place, not both.');
  });

  it("with 'open now' counts the practices whose hours are not listed, and lists them after the open ones on request", async () => {
    const here = await origin();
    const unknown = await vetAt(here, 1, { timeZone: null });
    await vetAt(here, 2);
    const plain = await search({ searchZipCode: here.zip, open_now: true });
    expect((plain.body as Extra).hours_unknown_count).toBe(1);
    expect(plain.body.data.map((d) => d.id)).not.toContain(unknown);
    const listed = await search({ searchZipCode: here.zip, open_now: true, include_hours_unknown: true });
    expect(listed.body.data.at(-1)).toMatchObject({ id: unknown, open_now: null });
    expect((listed.body as Extra).hours_unknown_count).toBe(1);
  });
});
