// Near me (docs/product.md section 21.2): search by a position instead of a zip code, its bounds, the
// covered area, the rounding to three decimals and the order by distance.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../../test/helper';
import { createVetMilesNorth } from '../../../../test/factories';
import { zipCodes } from '../../../../db/schema';
import { usZipRows } from '../../../../db/seed/zip-codes';
import { US_STATES } from '../../../../../shared/constants/us-states';

let app: FastifyInstance;
const marker = randomUUID().slice(0, 6);
// A made-up zip code in open ocean, far from every real one and from other tests' points.
const here = { zip: '00007', lat: 21.0, lon: -160.0 };
const ids: Record<number, number> = {};

interface Answer {
  data: { id: number; distance: number | null }[];
  totalCount: number;
  used?: string;
  radius?: number | null;
  sort?: string;
  location?: { zip: string | null; city: string | null; state: string | null; latitude: number | null; longitude: number | null };
  message: string;
  code: string;
  field?: string;
}

const search = async (body: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchCount: 50, ...body } });
  return { status: res.statusCode, body: res.json() as Answer };
};

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  await app.database.db.insert(zipCodes).values({ zip: here.zip, city: `Seaside ${marker}`, state: 'HI', latitude: here.lat, longitude: here.lon });
  for (const miles of [12, 2, 30, 7]) ids[miles] = await createVetMilesNorth(app, here, miles, { marker, city: `Seaside ${marker}` });
});
afterAll(() => app.close());

describe('search near a position', () => {
  it('lists the vets around the position nearest first, 25 miles by default, and says the position was used', async () => {
    const { status, body } = await search({ latitude: here.lat, longitude: here.lon, sort: 'distance' });
    expect(status).toBe(200);
    expect(body.data.map((d) => d.id)).toEqual([ids[2], ids[7], ids[12]]);
    expect(body.data.map((d) => d.distance)).toEqual([2, 7, 12]);
    expect(body).toMatchObject({ used: 'position', radius: 25, sort: 'distance', totalCount: 3 });
    expect(body.location).toEqual({ zip: null, city: `Seaside ${marker}`, state: 'HI', latitude: here.lat, longitude: here.lon });
  });

  it('measures from the position itself, not from the nearest zip code, and takes a radius', async () => {
    // 10 miles north of the zip code's point: the 12-mile vet is 2 miles away, the 7-mile one 3, the 2-mile one 8.
    const north = here.lat + 10 / 69.09;
    const { body } = await search({ latitude: north, longitude: here.lon, radius: 5 });
    expect(body.data.map((d) => d.id)).toEqual([ids[12], ids[7]]);
    expect(body.data.map((d) => Math.round(d.distance!))).toEqual([2, 3]);
  });

  it('keeps only three decimals of the position (about 110 m), in the answer too', async () => {
    const { body } = await search({ latitude: here.lat + 0.00042, longitude: here.lon - 0.00049 });
    expect(body.location).toMatchObject({ latitude: 21, longitude: -160 });
  });

  it('answers the GET twin the same, the numbers read from the query string', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/doctors/search?latitude=${here.lat}&longitude=${here.lon}&searchCount=2` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Answer).data.map((d) => d.id)).toEqual([ids[2], ids[7]]);
  });

  it.each([
    [{ latitude: 90.0001, longitude: 0 }, 'latitude', 'Latitude must be a number from -90 to 90.'],
    [{ latitude: -91, longitude: 0 }, 'latitude', 'Latitude must be a number from -90 to 90.'],
    [{ latitude: 21, longitude: 180.5 }, 'longitude', 'Longitude must be a number from -180 to 180.'],
    [{ latitude: 21, longitude: -181 }, 'longitude', 'Longitude must be a number from -180 to 180.'],
    [{ latitude: 21 }, 'longitude', 'Send both latitude and longitude to search near a position.'],
    [{ longitude: -160 }, 'latitude', 'Send both latitude and longitude to search near a position.'],
    [{ latitude: 21, longitude: -160, searchZipCode: '10001' }, 'latitude', 'Search near a position or by zip code, city or state, not both.'],
    [{ latitude: 21, longitude: -160, searchCity: 'Austin' }, 'latitude', 'Search near a position or by zip code, city or state, not both.'],
  ])('refuses %j with a plain sentence about %s', async (body, field, message) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  });

  it('refuses text where a number belongs, and a position outside the covered area', async () => {
    const text = await search({ latitude: 'near', longitude: -160 });
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/latitude/i);
    // The Gulf of Guinea: no zip code within 50 miles.
    const outside = await search({ latitude: 0, longitude: 0 });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({
      code: 'OUTSIDE_AREA',
      field: 'latitude',
      message: 'That position is outside the area we cover (the United States). Search by zip code, city or state instead.',
    });
  });

  // Military (APO/FPO: AA, AE, AP) and freely associated states' zip codes sit at bases abroad and at (0, 0):
  // near me serves the 50 states, DC and the territories of the state list only (docs/product.md 21.2).
  // The real data set's rows of those zip codes, and one of Puerto Rico, as a full start loads them.
  beforeAll(async () => {
    const rows = usZipRows().filter((z) => !US_STATES[z.state] || z.zip === '00612');
    expect(rows.length).toBeGreaterThan(600);
    await app.database.db.insert(zipCodes).values(rows).onConflictDoNothing();
  });

  it.each([
    ['(0, 0), where the AA zip codes have no position', 0, 0],
    ['London (AE zip codes 09421, 09498, 09499)', 51.5074, -0.1278],
    ['Naples, Italy (an AE zip code)', 38.1105, 15.6613],
    ['Panama City (an AA zip code)', 8.9733, -79.5556],
    ['Palau', 7.5, 134.5],
  ])('refuses %s as outside the covered area', async (_, latitude, longitude) => {
    const res = await search({ latitude, longitude });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'OUTSIDE_AREA', field: 'latitude' });
  });

  it('still serves the territories of the state list (Arecibo, Puerto Rico)', async () => {
    const res = await search({ latitude: 18.45, longitude: -66.73 });
    expect(res.status).toBe(200);
    expect(res.body.location).toMatchObject({ state: 'PR' });
  });
});
