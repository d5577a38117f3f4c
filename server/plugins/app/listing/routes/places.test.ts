// What helps a person past an empty search and through the vet's wizard (docs/product.md section 28):
// an empty search's counts without each filter and within a wider radius, and a zip code's city,
// state and time zone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../../test/helper';
import { createVetMilesNorth } from '../../../../test/factories';
import { zipCodes } from '../../../../db/schema';
import type { DoctorSearchAnswer } from '../../../../../shared/schemas/doctor';

let app: FastifyInstance;
const marker = randomUUID().slice(0, 6);
// Made-up zip codes in open ocean, far from every real one and from other tests' points.
const here = { zip: '00008', lat: 20.0, lon: -150.0 };

const search = async (body: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: here.zip, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DoctorSearchAnswer>();
};

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  await app.database.db.insert(zipCodes).values([
    { zip: here.zip, city: `Farsea ${marker}`, state: 'HI', latitude: here.lat, longitude: here.lon },
    { zip: '00009', city: 'Panhandle', state: 'FL', latitude: 30.4, longitude: -86.5 },
    { zip: '00011', city: 'Orlando East', state: 'FL', latitude: 28.5, longitude: -81.3 },
  ]);
  const city = `Farsea ${marker}`;
  // Near: two dogs-only clinics, one of them for emergencies. Farther: a cat clinic at 40 miles.
  await createVetMilesNorth(app, here, 3, { marker, city, species: ['dog'], emergency: true });
  await createVetMilesNorth(app, here, 8, { marker, city, species: ['dog'], acceptingNewPatients: true });
  await createVetMilesNorth(app, here, 40, { marker, city, species: ['cat'] });
});
afterAll(() => app.close());

describe('an empty search', () => {
  it('says how many vets each filter in use hides, most first, and the nearest wider radius with vets', async () => {
    const answer = await search({ species: ['cat'], emergency: true });
    expect(answer.totalCount).toBe(0);
    expect(answer.relaxations).toEqual([
      { filter: 'species', count: 1 },
      { filter: 'emergency', count: 0 },
    ]);
    // 25 miles finds nobody with both filters; 50 does not either (the cat clinic has no emergency care): the widest is offered with 0.
    expect(answer.wider).toEqual({ radius: 100, count: 0 });
  });

  it('offers the nearest wider radius that finds someone, with its count', async () => {
    const answer = await search({ species: ['cat'] });
    expect(answer.totalCount).toBe(0);
    expect(answer.relaxations).toEqual([{ filter: 'species', count: 2 }]);
    expect(answer.wider).toEqual({ radius: 50, count: 1 });
  });

  it('adds nothing to a search that found vets', async () => {
    const answer = await search({ species: ['dog'] });
    expect(answer.totalCount).toBe(2);
    expect(answer.relaxations).toBeUndefined();
    expect(answer.wider).toBeUndefined();
  });
});

describe('GET /api/places/zip/:zip', () => {
  it("answers a zip code's city, state and time zone, with the zone by longitude in a state two zones share", async () => {
    const place = async (zip: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/places/zip/${zip}` });
      return { status: res.statusCode, body: res.json() };
    };
    expect(await place(here.zip)).toEqual({
      status: 200,
      body: { zip: here.zip, city: `Farsea ${marker}`, state: 'HI', timeZone: 'Pacific/Honolulu' },
    });
    expect((await place('00009')).body.timeZone).toBe('America/Chicago');
    expect((await place('00011')).body.timeZone).toBe('America/New_York');
  });

  it('refuses a zip code that is not five digits, and says when it does not know one', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/places/zip/12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Enter a five-digit zip code.' });
    const unknown = await app.inject({ method: 'GET', url: '/api/places/zip/00010' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_ZIP', message: 'We do not know the zip code 00010. Please check it.' });
  });
});
