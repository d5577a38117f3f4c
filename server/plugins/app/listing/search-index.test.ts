// How the search index loads (docs/decisions/075-server-memory-with-100k-vets.md): doctor_search is
// read a bounded page at a time, one JSON text a row, and that compact row must read exactly what
// the table's columns hold, awkward names and empty values included.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { createVet } from '../../../test/factories';
import { zipCodes } from '../../../db/schema';
import { normalizeSearch } from './doctor-search';
import { readVetRow, vetRows } from './index-sync';
import { SearchIndex } from './search-index';
import type { VetRow } from './vet-store';

let app: FastifyInstance;
const marker = randomUUID().slice(0, 6);
const city = `Loadtown ${marker}`;
const ids: number[] = [];

const rowsOf = async <T>(statement: ReturnType<typeof sql>): Promise<T[]> => {
  const { pool, db } = app.database;
  if (pool) {
    const { PgDialect } = await import('drizzle-orm/pg-core');
    const query = new PgDialect().sqlToQuery(statement);
    return (await pool.query({ text: query.sql, values: query.params as unknown[] })).rows as T[];
  }
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
};
const idList = () => sql`${`{${ids.join(',')}}`}::int[]`;

beforeAll(async () => {
  app = await buildTestApp();
  // A made-up zip code (000xx is never a real one) so that the city is known to searches.
  for (;;) {
    const zip = `000${String(10 + Math.floor(Math.random() * 90))}`;
    const [row] = await app.database.db.insert(zipCodes).values({ zip, city, state: 'HI', latitude: 20, longitude: -160 }).onConflictDoNothing().returning();
    if (row) break;
  }
  const vets = [
    { clinicName: 'Zoë\'s "Tab\tand\\slash" 🐾', species: ['Dogs', 'Cats'], services: ['Surgery, general', 'X-ray "digital"'] },
    { clinicName: 'Ånne Łukasz', timeZone: null, species: [], services: [], emergency: true, plan: 3 as const },
    { clinicName: 'Plain clinic', acceptingNewPatients: false, expired: true },
    { clinicName: 'Name\nWith\u0001Controls', plan: 2 as const },
    { clinicName: '', firstName: 'Fifth', lastName: 'Vet' },
  ];
  for (const [n, vet] of vets.entries()) {
    const { user } = await createVet(app, { ...vet, city, state: 'HI', zip: '00000', latitude: 20 + n / 100, longitude: -160 - n / 100 });
    ids.push(user.id);
  }
});
afterAll(() => app.close());

describe('search index loading', () => {
  it('reads, from one text a row, exactly what the columns of doctor_search hold', async () => {
    const columns = await rowsOf<VetRow>(sql`SELECT user_id, plan, (extract(epoch FROM paid_until) * 1000)::float8 AS paid_until, sort_name, city_key,
      state, species_key, services_key, emergency, accepting_new_patients, latitude, longitude, time_zone, week_hours::text AS week_hours, sponsor_key,
      rating_count, rating_sum, special_hours, claimed,
      avatar IS NOT NULL OR EXISTS (SELECT 1 FROM profile_photos ph WHERE ph.user_id = doctor_search.user_id) AS has_photos,
      (SELECT r.median_hours FROM appointment_response_times r WHERE r.doctor_id = doctor_search.user_id)::float8 AS response_hours,
      (extract(epoch FROM next_available) * 1000)::float8 AS next_available
      FROM doctor_search WHERE user_id = ANY(${idList()}) ORDER BY user_id`);
    const compact = await rowsOf<{ r: string }>(sql`${vetRows} WHERE ds.user_id = ANY(${idList()}) ORDER BY ds.user_id`);
    expect(columns.map((row) => row.user_id)).toEqual(ids);
    expect(compact.map(({ r }) => ({ ...readVetRow(r, {} as VetRow) }))).toEqual(columns);
    // The awkward values really are there: a name with quotes, a tab and a backslash; no time zone; no species.
    expect(columns.some((row) => row.sort_name.includes('\t') && row.sort_name.includes('"') && row.sort_name.includes('\\'))).toBe(true);
    expect(columns.some((row) => row.time_zone === null && row.species_key?.length === 0)).toBe(true);
  });

  it('loads every listed vet once in pages of any size, and searches the same way whatever the page size', async () => {
    const [counted] = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM doctor_search`);
    const paged = new SearchIndex(app.database, app.clock, 2);
    const whole = new SearchIndex(app.database, app.clock, 1_000_000);
    await Promise.all([paged.load(), whole.load()]);
    expect(paged.size).toBe(counted!.n);
    expect(whole.size).toBe(counted!.n);
    const search = normalizeSearch({ searchZipCode: '', searchCity: city, searchState: 'HI', searchCount: 10, searchStart: 0 });
    const at = new Date();
    const [fromPaged, fromWhole] = await Promise.all([paged.search(search, at), whole.search(search, at)]);
    expect(fromPaged).toEqual(fromWhole);
    // The four vets whose paid period runs (one's has ended), in name order.
    expect(fromPaged.data.map((card) => card.id).sort((a, b) => a - b)).toEqual(ids.filter((_, i) => i !== 2));
  });

  it('applies a few changed vets in place, and reloads instead when one look finds more than its limit', async () => {
    // Other test files change vets in the same database meanwhile (PostgreSQL): the in-place index keeps the
    // default limit, far above them; the eager one has a limit of 2, which this test's batch passes whatever they do.
    const inPlace = new SearchIndex(app.database, app.clock, 1_000_000);
    const eager = new SearchIndex(app.database, app.clock, 1_000_000, 2);
    await Promise.all([inPlace.load(), eager.load()]);
    const search = normalizeSearch({ searchZipCode: '', searchCity: city, searchState: 'HI', searchCount: 10, searchStart: 0 });
    const listed = async (index: SearchIndex) => {
      index.watch();
      return (await index.search(search, new Date())).data.map((card) => card.id).sort((a, b) => a - b);
    };
    const shown = ids.filter((_, i) => i !== 2);
    expect(await listed(inPlace)).toEqual(shown);
    expect(await listed(eager)).toEqual(shown);
    // Changes made behind the app's back (as a script would): the index finds them in the change log.
    const moveTo = (state: string, some: number[]) =>
      rowsOf(sql`UPDATE doctor_search SET state = ${state} WHERE user_id = ANY(${`{${some.join(',')}}`}::int[]) RETURNING user_id`);
    try {
      await moveTo('AK', [shown[0]!]);
      expect(await listed(inPlace)).toEqual(shown.slice(1));
      expect(inPlace.loads).toBe(1);
      const loadsBefore = eager.loads;
      await moveTo('AK', shown.slice(1, 4));
      expect(await listed(eager)).toEqual(shown.slice(4));
      expect(eager.loads).toBeGreaterThan(loadsBefore);
    } finally {
      await moveTo('HI', shown);
    }
    expect(await listed(inPlace)).toEqual(shown);
    expect(await listed(eager)).toEqual(shown);
  });
});
