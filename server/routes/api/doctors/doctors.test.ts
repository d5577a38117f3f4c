import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/helper';
import { payments, profiles, users, zipCodes } from '../../../db/schema';

let app: FastifyInstance;
const marker = randomUUID().slice(0, 6);
const city = `Testville ${marker}`;
// An isolated spot (open ocean) so other tests' rows never fall in range.
const lon = -150 + Math.random() * 10;
const ORIGIN = String(10000 + Math.floor(Math.random() * 80000)).padStart(5, '0');
const ids: Record<string, number> = {};

async function vet(name: string, opts: { plan: number; review?: 'approved' | 'pending'; latOffset: number; expired?: boolean }) {
  const { db } = app.database;
  const [user] = await db
    .insert(users)
    .values({ email: `${name}-${marker}@example.com`, passwordHash: 'x', firstName: name, lastName: 'Vet', verify: true, reviewState: opts.review ?? 'approved', submitAt: new Date() })
    .returning();
  await db.insert(payments).values({ userId: user!.id, plan: opts.plan, status: opts.plan > 0 ? 'active' : 'none', currentPeriodEnd: new Date(Date.now() + (opts.expired ? -1 : 1) * 86_400_000) });
  await db.insert(profiles).values({ userId: user!.id, clinicName: `${name} Clinic`, city, state: 'TX', zip: ORIGIN, latitude: 0.5 + opts.latOffset, longitude: lon, services: ['Surgery'], species: ['dogs'], emergency: name === 'Cara' });
  ids[name] = user!.id;
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.database.db.insert(zipCodes).values({ zip: ORIGIN, city, state: 'TX', latitude: 0.5, longitude: lon }).onConflictDoUpdate({ target: zipCodes.zip, set: { latitude: 0.5, longitude: lon, city } });
  // ~0.7, 2.1, 3.5 and 60 miles north of the zip's centre (1 degree of latitude is ~69 miles).
  await vet('Ann', { plan: 1, latOffset: 0.01 });
  await vet('Bob', { plan: 3, latOffset: 0.03 });
  await vet('Cara', { plan: 2, latOffset: 0.05 });
  await vet('Far', { plan: 3, latOffset: 0.87 });
  await vet('Pending', { plan: 2, review: 'pending', latOffset: 0.02 });
  await vet('Unpaid', { plan: 0, latOffset: 0.02 });
  await vet('Lapsed', { plan: 2, expired: true, latOffset: 0.02 });
});
afterAll(() => app.close());

const search = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/doctors/search', payload: { searchZipCode: '', searchCity: '', searchState: '', searchCount: 10, searchStart: 0, ...body } });

describe('doctors/search', () => {
  it('finds approved, paid profiles near a zip by distance, with Premium ones also in Sponsored slots', async () => {
    const res = await search({ searchZipCode: ORIGIN });
    expect(res.statusCode).toBe(200);
    const { data, totalCount } = res.json() as { data: { name: string; distance: number; sponsored: boolean }[]; totalCount: number };
    expect(totalCount).toBe(3);
    expect(data.map((d) => [d.name, d.sponsored])).toEqual([
      ['Dr. Bob Vet', true],
      ['Dr. Ann Vet', false],
      ['Dr. Bob Vet', false],
      ['Dr. Cara Vet', false],
    ]);
    expect(data[1]!.distance).toBeCloseTo(0.7, 0);
    expect(data[3]!.distance).toBeCloseTo(3.5, 0);
  });

  it('widens the radius on request and pages without the sponsored slots after page one', async () => {
    const wide = (await search({ searchZipCode: ORIGIN, radius: 100 })).json();
    expect(wide.totalCount).toBe(4);
    const second = (await search({ searchZipCode: ORIGIN, searchCount: 2, searchStart: 2 })).json();
    expect(second.data.map((d: { name: string }) => d.name)).toEqual(['Dr. Cara Vet']);
  });

  it('matches a city case-insensitively and a state by name or code', async () => {
    const byCity = (await search({ searchCity: city.toUpperCase(), searchState: 'texas' })).json();
    expect(byCity.totalCount).toBe(4);
    expect(byCity.data.every((d: { distance: null }) => d.distance === null)).toBe(true);
  });

  it('refuses an empty search, a malformed or unknown zip, and an unknown state with a 400 sentence', async () => {
    expect((await search({})).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Enter a zip code, a city or a state.' });
    expect((await search({ searchZipCode: '12ab' })).json()).toEqual({ code: 'VALIDATION_ERROR', field: 'searchZipCode', message: 'Enter a five-digit zip code.' });
    expect((await search({ searchState: 'Atlantis' })).json().code).toBe('UNKNOWN_STATE');
    expect((await search({ searchCount: 5000, searchCity: 'x' })).statusCode).toBe(400);
  });
});

describe('doctors/get-by-id', () => {
  it('shows a listed profile and hides pending, unpaid and lapsed ones', async () => {
    const ok = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: ids.Cara } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Dr. Cara Vet', clinic_name: 'Cara Clinic', emergency: true, working_time: [] });
    expect(JSON.stringify(ok.json())).not.toMatch(/password|email":"cara/i);
    for (const name of ['Pending', 'Unpaid', 'Lapsed']) {
      expect((await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: ids[name] } })).statusCode, name).toBe(404);
    }
  });
});
