// The setup the search tests share (docs/product.md, Search): one app with its own database and a clock a
// test moves, made-up zip codes in open ocean, listed vets at a distance from them, and a search call.
// A test file calls setupSearchApp() once at its top.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../../test/helper';
import { createVetMilesNorth, type VetOptions } from '../../../../test/factories';
import { zipCodes } from '../../../../db/schema';
import { createTestClock } from '../../../../lib/clock';

export let app: FastifyInstance;
export const marker = randomUUID().slice(0, 6);
export const clock = createTestClock();

export interface Card {
  id: number;
  name: string;
  clinic_name: string;
  distance: number | null;
  sponsored: boolean;
  open_now: boolean | null;
}
export interface Answer {
  data: Card[];
  totalCount: number;
  totalCountCapped?: boolean;
  used?: string;
  notice?: string | null;
  location?: { zip: string | null; city: string | null; state: string | null };
  radius?: number | null;
  sort?: string;
}

let origins = 0;
/** A made-up zip code (000xx is never a real one) in open ocean, each at least 300 miles from the others,
 *  so no other test's vets are near it (the file has a database of its own: server/test/helper.ts). */
export async function origin(): Promise<{ zip: string; lat: number; lon: number }> {
  const n = origins++;
  if (n >= 90) throw new Error('origin(): the 90 made-up zip codes 00010-00099 are used up');
  const zip = `000${10 + n}`;
  const lat = -40 + (n % 15) * 5.5;
  const lon = -170 + Math.floor(n / 15) * 5.5;
  await app.database.db.insert(zipCodes).values({ zip, city: `Oceanview ${marker}`, state: 'HI', latitude: lat, longitude: lon });
  return { zip, lat, lon };
}

/** A listed vet `miles` north of a point. */
export const vetAt = (at: { lat: number; lon: number }, miles: number, options: VetOptions = {}) =>
  createVetMilesNorth(app, at, miles, { marker, city: `Oceanview ${marker}`, ...options });

export const search = async (body: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/doctors/search',
    payload: { searchZipCode: '', searchCity: '', searchState: '', searchCount: 10, searchStart: 0, ...body },
  });
  return { status: res.statusCode, body: res.json() as Answer & { message: string; code: string } };
};

/** Starts the app before the file's tests and closes it after; each test starts at the clock's first time. */
export function setupSearchApp(): void {
  beforeAll(async () => {
    // Many searches from one address: the shared (Redis) global rate limit must not get in the way.
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', SEARCH_CACHE_SECONDS: '30' }, { clock });
  });
  afterAll(() => app.close());
  afterEach(() => {
    clock.reset();
  });
}
