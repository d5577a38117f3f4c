// Unknown and misspelt city names (issue 34 item 4; docs/decisions/129-unknown-cities-matched-in-memory.md):
// a name that is not a known city is matched in memory with pg_trgm's own measure, so 'Chicgo' still
// finds Chicago, and a burst of made-up 80-character names runs no trigram search over the zip table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { createVet } from '../../../test/factories';
import { loadZipCodes } from '../../../db/seed/zip-codes';
import { similarityOf } from './city-names';

let app: FastifyInstance;

async function rowsOf<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** How often the zip table was read whole or through its trigram index, all connections' counts written out first. */
async function zipTableReads(): Promise<{ seq: number; trgm: number }> {
  const text = `SELECT (SELECT seq_scan FROM pg_stat_user_tables WHERE relname = 'zip_codes')::int AS seq,
    (SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'zip_codes_city_trgm_idx')::int AS trgm`;
  const { pool } = app.database;
  if (pool) {
    // Each connection keeps its counts until it is idle and told to write them (PostgreSQL 15+).
    const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      for (const client of clients) await client.query('SELECT pg_stat_force_next_flush()');
      return (await clients[0]!.query<{ seq: number; trgm: number }>(text)).rows[0]!;
    } finally {
      for (const client of clients) client.release();
    }
  }
  await app.database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  return (await rowsOf<{ seq: number; trgm: number }>(sql.raw(text)))[0]!;
}

const search = (query: Record<string, string>) => app.inject({ method: 'GET', url: '/api/doctors/search', query });

/** A made-up name of 80 letters and spaces, different each time. */
function madeUp(seed: number): string {
  let x = seed * 7919 + 17;
  let name = '';
  while (name.length < 80) {
    x = (x * 1103515245 + 12345) % 2147483648;
    name += x % 7 === 0 && name.length > 0 && !name.endsWith(' ') ? ' ' : 'abcdefghijklmnopqrstuvwxyz'[x % 26];
  }
  return name.trimEnd().padEnd(80, 'q');
}

beforeAll(async () => {
  app = await buildTestApp();
  // The real zip codes: the made-up names were slow because of their 42k rows.
  await loadZipCodes(app.database.db);
  await createVet(app, { clinicName: 'Lakeshore Animal Clinic', city: 'Chicago', state: 'IL', zip: '60601' });
}, 300_000);
afterAll(() => app.close());

describe('city names that are not known exactly', () => {
  it('measures names as pg_trgm does, and picks the place the database picked', async () => {
    const pairs = [
      ['chicgo', 'Chicago'],
      ['san fransisco', 'San Francisco'],
      ['st. louis', 'Saint Louis'],
      ['new-york  city', 'New York'],
      ['a', 'A'],
      ['x1 y22', 'X1'],
      ['zoë', 'Zoe'],
      ['', 'Boston'],
      [madeUp(1), 'Chicago'],
    ];
    for (const [a, b] of pairs) {
      const [row] = await rowsOf<{ s: number }>(sql`SELECT similarity(${a}, ${b})::float8 AS s`);
      expect(similarityOf(a!, b!), `${a} / ${b}`).toBe(Math.fround(row!.s));
    }
    // Typos of real cities: the notice names the place pg_trgm's measure over the zip table picks: the rows at or above
    // its default threshold (what `%` keeps), read without the trigram index. NOTE: on PGlite the index's answer to
    // `lower(city) % 'chicgo'` was empty twice in CI (2026-11-29) and right in every other run; the cause is not known,
    // and the app does not ask it (decision 129), so the reference here is the measure itself.
    for (const [typo, state] of [
      ['chicgo', ''],
      ['chicgo', 'IL'],
      ['sprngfield', 'MO'],
      ['los angelos', ''],
      ['philadelpia', ''],
      ['seatle', 'WA'],
      ['nw yrok', ''],
    ] as const) {
      const [expected] = await rowsOf<{ city: string; state: string }>(
        sql`SELECT z.city, z.state FROM zip_codes z WHERE similarity(lower(z.city), ${typo}) >= 0.3::real ${state ? sql`AND z.state = ${state}` : sql``}
          ORDER BY similarity(lower(z.city), ${typo}) DESC, z.city, z.state LIMIT 1`,
      );
      const { statusCode, body } = await search({ searchCity: typo, searchState: state });
      if (!expected) {
        expect(statusCode, typo).toBe(400);
        continue;
      }
      expect(statusCode, typo).toBe(200);
      expect(JSON.parse(body).notice, typo).toBe(`Showing results for ${expected.city}${state ? `, ${state}` : ''}.`);
    }
  }, 120_000);

  it("finds Chicago for 'Chicgo', with the notice", async () => {
    const answer = (await search({ searchCity: 'Chicgo' })).json();
    expect(answer).toMatchObject({ used: 'city', location: { city: 'Chicago' }, notice: 'Showing results for Chicago.' });
    expect(answer.data.map((d: { clinicName?: string; practiceName?: string }) => JSON.stringify(d))).toEqual(
      expect.arrayContaining([expect.stringContaining('Lakeshore Animal Clinic')]),
    );
  });

  it('answers 50 distinct made-up 80-character names without a trigram search over the zip table', async () => {
    // The first unknown name reads the known places once.
    expect((await search({ searchCity: madeUp(1000) })).statusCode).toBe(400);
    const before = await zipTableReads();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => search({ searchCity: madeUp(i + 2000) })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'UNKNOWN_CITY' });
    }
    const after = await zipTableReads();
    // Each name cost one indexed lookup of the exact name: the zip table was not read whole or by trigram.
    expect(after.trgm - before.trgm).toBe(0);
    expect(after.seq - before.seq).toBe(0);
    // A known city still answers, and so does a zip search.
    expect((await search({ searchCity: 'chicago' })).statusCode).toBe(200);
    expect((await search({ searchZipCode: '60601' })).statusCode).toBe(200);
  }, 120_000);
});
