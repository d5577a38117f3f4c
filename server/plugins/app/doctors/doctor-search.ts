// Finding listed doctors (docs/product.md, Search; design in docs/decisions/035-search-table-and-knn.md).
// Every search is ONE SQL statement over doctor_search, a table holding only listable vets that
// triggers keep in step with users, profiles and payments; the paid period is checked here, at
// search time. Near a zip code the rows come nearest-first from a GiST index on a cube point, so
// only the page is read; counting stops at SEARCH_COUNT_CAP. Premium vets in range take up to two
// 'Sponsored' slots on top, rotating among the nearest ones; a vet appears once per answer, and
// the order of every other result never depends on the plan.
import crypto from 'node:crypto';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { profiles, users, payments } from '../../../db/schema';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import {
  DEFAULT_SEARCH_RADIUS,
  SEARCH_COUNT_CAP,
  SEARCH_RADII,
  type DoctorProfile,
  type DoctorSearchAnswer,
  type DoctorSearchBody,
  type DoctorSummary,
} from '../../../../shared/schemas/doctor';
import { stateCode } from '../../../../shared/constants/us-states';
import { httpError } from '../../../lib/http-error';

const SPONSORED_SLOTS = 2;
/** Sponsored slots rotate among this many nearest Premium vets near a zip code. */
const SPONSOR_CANDIDATES = 20;
/** The rotation moves on every ten minutes: stable while a person pages, fair over a day. */
export const SPONSOR_ROTATION_MS = 10 * 60_000;

/** A search with its input checked and normalised: the cache key is built from this. */
export interface NormalizedSearch {
  zip: string;
  city: string;
  stateInput: string;
  state: string;
  count: number;
  start: number;
  radius: number | null;
  species: string[];
  services: string[];
  emergency: boolean;
  openNow: boolean;
  accepting: boolean;
  sort: 'distance' | 'name';
}

/** Lower-case, trimmed, a final 's' dropped: the same rule as doctor_search_keys() in SQL. */
function filterKey(value: string): string {
  return value.trim().toLowerCase().replace(/s$/, '');
}

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');

/** Checks a search and answers 400 with a plain sentence for anything it cannot use. */
export function normalizeSearch(query: DoctorSearchBody): NormalizedSearch {
  const zip = (query.searchZipCode ?? '').trim();
  const city = collapse(query.searchCity ?? '');
  const stateInput = collapse(query.searchState ?? '');
  if (!zip && !city && !stateInput) throw httpError(400, 'VALIDATION_ERROR', 'Enter a zip code, a city or a state.', { field: 'searchZipCode' });
  if (zip && !/^\d{5}$/.test(zip)) throw httpError(400, 'VALIDATION_ERROR', 'Enter a five-digit zip code.', { field: 'searchZipCode' });
  let state = '';
  if (stateInput) {
    state = stateCode(stateInput) ?? '';
    if (!state) throw httpError(400, 'UNKNOWN_STATE', `We do not know the state "${stateInput}". Use its name or two-letter code.`, { field: 'searchState' });
  }
  if (query.radius !== undefined && !(SEARCH_RADII as readonly number[]).includes(query.radius)) {
    throw httpError(400, 'VALIDATION_ERROR', 'Choose a radius of 5, 10, 25, 50 or 100 miles.', { field: 'radius' });
  }
  const count = query.searchCount ?? 10;
  const start = query.searchStart ?? 0;
  const keys = (items: string[] | undefined) => [...new Set((items ?? []).map(filterKey).filter(Boolean))].sort();
  return {
    zip,
    city: zip ? city : city.toLowerCase(),
    stateInput,
    state,
    count,
    start,
    radius: zip ? (query.radius ?? DEFAULT_SEARCH_RADIUS) : null,
    species: keys(query.species),
    services: keys(query.services),
    emergency: query.emergency === true,
    openNow: query.open_now === true,
    accepting: query.accepting_new_patients === true,
    sort: zip && query.sort !== 'name' ? 'distance' : 'name',
  };
}

/** A number in [0, 1) that moves with the rotation window: where the Sponsored rotation starts. */
export function sponsorOffset(now: Date): number {
  const bucket = Math.floor(now.getTime() / SPONSOR_ROTATION_MS);
  return (bucket * 0.6180339887498949) % 1;
}

const textArray = (items: string[]) => sql`${`{${items.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** Conditions every search shares: paid period, then the filters. `ds` is doctor_search. */
function filterConditions(search: NormalizedSearch, now: SQL): SQL[] {
  const conditions: SQL[] = [sql`(ds.paid_until IS NULL OR ds.paid_until > ${now})`];
  if (search.species.length) conditions.push(sql`ds.species_key && ${textArray(search.species)}`);
  if (search.services.length) conditions.push(sql`ds.services_key && ${textArray(search.services)}`);
  if (search.emergency) conditions.push(sql`ds.emergency`);
  if (search.accepting) conditions.push(sql`ds.accepting_new_patients`);
  if (search.openNow) conditions.push(sql`(ds.time_zone IS NOT NULL AND ds.week_hours @> doctor_minute_of_week(${now}, ds.time_zone))`);
  return conditions;
}

// The columns of a result card, as JSON. `dist` is the cube distance (chord, miles) or null.
const cardColumns = (now: SQL, dist: SQL | null) => sql`
  ds.user_id AS id, ds.name, ds.clinic_name, ds.avatar, ds.city, ds.state, ds.zip, ds.street, ds.contact_phone,
  ds.services, ds.species, ds.emergency, ds.accepting_new_patients, ds.accepting_confirmed_at,
  ${dist === null ? sql`NULL::float8` : sql`round(doctor_miles(${dist})::numeric, 1)::float8`} AS distance, ds.latitude, ds.longitude,
  CASE WHEN ds.time_zone IS NULL THEN NULL ELSE ds.week_hours @> doctor_minute_of_week(${now}, ds.time_zone) END AS open_now`;

interface CardRow {
  id: number;
  name: string;
  clinic_name: string | null;
  avatar: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  street: string | null;
  contact_phone: string | null;
  services: string[];
  species: string[];
  emergency: boolean;
  accepting_new_patients: boolean;
  accepting_confirmed_at: string | null;
  distance: number | null;
  latitude: number;
  longitude: number;
  open_now: boolean | null;
  sponsored: boolean;
}

interface SearchRow {
  origin: { zip: string; city: string; state: string; latitude: number; longitude: number; city_similarity: number | null } | null;
  picked_city: { city: string; state: string } | null;
  total: number;
  cards: CardRow[] | null;
}

function toSummary(row: CardRow): DoctorSummary {
  const confirmed = row.accepting_confirmed_at ? new Date(row.accepting_confirmed_at).toISOString() : null;
  return {
    id: row.id,
    name: row.name,
    clinic_name: row.clinic_name,
    avatar: row.avatar,
    city: row.city,
    state: row.state,
    zip: row.zip,
    street: row.street,
    contact_phone: row.contact_phone,
    services: row.services ?? [],
    species: row.species ?? [],
    emergency: row.emergency,
    accepting_new_patients: row.accepting_new_patients,
    accepting_confirmed_at: confirmed,
    distance: row.distance,
    sponsored: row.sponsored,
    latitude: row.latitude,
    longitude: row.longitude,
    open_now: row.open_now,
  };
}

/**
 * The page of a search (`start`/`count` over: up to two Sponsored vets, then every other match in
 * order), with a count capped at SEARCH_COUNT_CAP. One SQL statement.
 */
export async function searchDoctors(db: DbOrTx, search: NormalizedSearch, at: Date = new Date(), pool?: pg.Pool): Promise<DoctorSearchAnswer> {
  const statement = searchStatement(search, at);
  if (pool) return presentAnswer(search, await runPrepared(pool, search, statement));
  const result = (await db.transaction(async (tx) => {
    // NOTE: the planner estimates a cube box (<@) at 0.1 % of the table whatever its size, so it
    // prefers a bitmap scan of the whole box plus a sort; without bitmap scans it reads the GiST
    // index nearest-first and stops at the page or at the count cap (docs/decisions/035). City
    // searches keep bitmap scans (the pg_trgm GIN index is read only that way) but not sequential
    // ones: the planner rates reading the 42k zip codes cheaper than the index, and takes ~70 ms.
    if (search.zip) await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    else if (search.city) await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return tx.execute(statement);
  })) as unknown as { rows: SearchRow[] };
  return presentAnswer(search, result.rows[0]!);
}

// Named prepared statements per distinct SQL text (the values are parameters): PostgreSQL then
// plans a search's statement once per connection instead of on every request (2-12 ms saved).
const dialect = new PgDialect();
const settingsFor = (search: NormalizedSearch) =>
  search.zip ? 'BEGIN; SET LOCAL enable_bitmapscan = off' : search.city ? 'BEGIN; SET LOCAL enable_seqscan = off' : 'BEGIN';

async function runPrepared(pool: pg.Pool, search: NormalizedSearch, statement: SQL): Promise<SearchRow> {
  const query = dialect.sqlToQuery(statement);
  const name = `doctor_search_${crypto.createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
  const client = await pool.connect();
  try {
    // Same planner settings as below, in one round trip (a simple query may hold several statements).
    await client.query(settingsFor(search));
    const result = await client.query<SearchRow>({ name, text: query.sql, values: query.params as unknown[] });
    await client.query('COMMIT');
    return result.rows[0]!;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The one SQL statement of a search (exported for EXPLAIN in benchmarks). */
export function searchStatement(search: NormalizedSearch, at: Date): SQL {
  const now = sql`${at.toISOString()}::timestamptz`;
  const conditions = filterConditions(search, now);
  const rotation = sql`${sponsorOffset(at)}::float8`;
  // Candidates in a circle starting at the rotation offset: each Premium vet leads in turn.
  const rotated = sql`CASE WHEN c.sponsor_key >= ${rotation} THEN c.sponsor_key - ${rotation} ELSE c.sponsor_key + 1 - ${rotation} END`;
  const start = sql`${search.start}::int`;
  const count = sql`${search.count}::int`;

  let prelude: SQL;
  let where: SQL;
  let order: SQL;
  let countOrder: SQL = sql``;
  let dist: SQL | null;
  let sponsoredSource: SQL;
  if (search.zip) {
    // NOTE: the origin is a scalar sub-select (an InitPlan): the planner can still use it as the
    // index's ORDER BY key and box, so the GiST scan returns rows nearest-first and stops early.
    const chord = sql`doctor_chord(${search.radius}::float8)`;
    const originPoint = sql`(SELECT doctor_earth(latitude, longitude) FROM zip_codes WHERE zip = ${search.zip})`;
    prelude = sql`origin AS MATERIALIZED (
      SELECT zip, city, state, latitude, longitude,
             ${search.city ? sql`similarity(lower(city), ${search.city.toLowerCase()})` : sql`NULL::real`} AS city_similarity
      FROM zip_codes WHERE zip = ${search.zip}),
      picked AS (SELECT NULL::text AS city_key, NULL::text AS city, NULL::text AS state WHERE false),`;
    dist = sql`(ds.earth <-> ${originPoint})`;
    where = sql.join([sql`ds.earth <@ cube_enlarge(${originPoint}, ${chord}, 3)`, sql`${dist} <= ${chord}`, ...conditions], sql` AND `);
    // NOTE: distance alone (no tie-breaker): a second sort key makes the planner sort every vet in
    // range instead of reading the GiST index nearest-first. Vets at the very same point may swap.
    order = search.sort === 'name' ? sql`ds.sort_name, ds.user_id` : dist;
    sponsoredSource = sql`SELECT ds.user_id, ds.sponsor_key FROM doctor_search ds WHERE ${where} AND ds.plan + 0 = 3 ORDER BY ${dist} LIMIT ${SPONSOR_CANDIDATES}`;
    // Counting nearest-first too: the index scan stops at the cap instead of reading the whole box.
    countOrder = sql`ORDER BY ${dist}`;
  } else {
    prelude = sql`origin AS (SELECT NULL::text AS zip, NULL::text AS city, NULL::text AS state, NULL::float8 AS latitude, NULL::float8 AS longitude, NULL::real AS city_similarity WHERE false),`;
    const place: SQL[] = [];
    if (search.city) {
      // Typo-tolerant: the exact name when it exists (the second branch then never runs), else the
      // most similar known city (pg_trgm).
      const stateCond = search.state ? sql`AND z.state = ${search.state}` : sql``;
      prelude = sql`${prelude}
        picked AS MATERIALIZED (
          (SELECT regexp_replace(lower(btrim(z.city)), '\\s+', ' ', 'g') AS city_key, z.city, z.state FROM zip_codes z
           WHERE lower(z.city) = ${search.city} ${stateCond} ORDER BY z.state LIMIT 1)
          UNION ALL
          (SELECT regexp_replace(lower(btrim(z.city)), '\\s+', ' ', 'g') AS city_key, z.city, z.state FROM zip_codes z
           WHERE lower(z.city) % ${search.city} ${stateCond}
           ORDER BY similarity(lower(z.city), ${search.city}) DESC, z.city, z.state LIMIT 1)
          LIMIT 1),`;
      place.push(sql`ds.city_key = (SELECT city_key FROM picked)`);
    } else {
      prelude = sql`${prelude} picked AS (SELECT NULL::text AS city_key, NULL::text AS city, NULL::text AS state WHERE false),`;
    }
    if (search.state) place.push(sql`ds.state = ${search.state}`);
    dist = null;
    where = sql.join([...place, ...conditions], sql` AND `);
    order = sql`ds.sort_name, ds.user_id`;
    // Counting in index order too, so the scan stops at the cap.
    countOrder = sql`ORDER BY ${order}`;
    // Rotation over a fixed pseudo-random key per vet, read from a partial index from the offset on.
    sponsoredSource = sql`(SELECT ds.user_id, ds.sponsor_key FROM doctor_search ds WHERE ${where} AND ds.plan = 3 AND ds.sponsor_key >= ${rotation} ORDER BY ds.sponsor_key LIMIT ${SPONSORED_SLOTS})
      UNION ALL (SELECT ds.user_id, ds.sponsor_key FROM doctor_search ds WHERE ${where} AND ds.plan = 3 AND ds.sponsor_key < ${rotation} ORDER BY ds.sponsor_key LIMIT ${SPONSORED_SLOTS})`;
  }

  const statement = sql`
    WITH ${prelude}
    sponsored AS MATERIALIZED (
      SELECT c.user_id, (row_number() OVER (ORDER BY ${rotated}) - 1)::int AS pos
      FROM (${sponsoredSource}) c ORDER BY 2 LIMIT ${SPONSORED_SLOTS}),
    shown AS (
      SELECT ${cardColumns(now, dist)}, true AS sponsored, s.pos
      FROM sponsored s JOIN doctor_search ds ON ds.user_id = s.user_id
      WHERE s.pos >= ${start} AND s.pos < ${start} + ${count}
      UNION ALL
      SELECT plain.*, ${SPONSORED_SLOTS} + row_number() OVER () AS pos FROM (
        SELECT ${cardColumns(now, dist)}, false AS sponsored
        FROM doctor_search ds
        WHERE ${where} AND ds.user_id NOT IN (SELECT user_id FROM sponsored)
        ORDER BY ${order}
        LIMIT greatest(0, ${count} - greatest(0, least((SELECT count(*) FROM sponsored)::int, ${start} + ${count}) - ${start}))
        OFFSET greatest(0, ${start} - (SELECT count(*) FROM sponsored)::int)) plain)
    SELECT
      (SELECT row_to_json(o) FROM origin o) AS origin,
      (SELECT json_build_object('city', p.city, 'state', p.state) FROM picked p) AS picked_city,
      (SELECT count(*)::int FROM (SELECT 1 FROM doctor_search ds WHERE ${where} ${countOrder} LIMIT ${SEARCH_COUNT_CAP + 1}) capped) AS total,
      (SELECT json_agg(shown ORDER BY shown.pos) FROM shown) AS cards`;
  return statement;
}

function presentAnswer(search: NormalizedSearch, row: SearchRow): DoctorSearchAnswer {
  if (search.zip && !row.origin) throw httpError(400, 'UNKNOWN_ZIP', `We do not know the zip code ${search.zip}. Please check it.`, { field: 'searchZipCode' });
  if (!search.zip && search.city && !row.picked_city) {
    const where = search.state ? ` in ${search.state}` : '';
    throw httpError(400, 'UNKNOWN_CITY', `We do not know a city called "${search.city}"${where}. Check the spelling, or search by zip code or state.`, {
      field: 'searchCity',
    });
  }

  const cards = (row.cards ?? []).map(toSummary);
  const total = Math.min(row.total, SEARCH_COUNT_CAP);
  const answer: DoctorSearchAnswer = {
    data: cards,
    totalCount: total,
    totalCountCapped: row.total > SEARCH_COUNT_CAP,
    notice: null,
    sort: search.sort,
    radius: search.radius,
  };
  if (search.zip) {
    const o = row.origin!;
    answer.used = 'zip';
    answer.location = { zip: o.zip, city: o.city, state: o.state, latitude: o.latitude, longitude: o.longitude };
    // A zip code typed with a city or state wins: the answer says so when they disagree
    // (docs/decisions/036-zip-with-city.md).
    const ignored: string[] = [];
    if (search.city && (o.city_similarity ?? 0) < 0.6) ignored.push(`the city "${search.city}"`);
    if (search.state && search.state !== o.state) ignored.push(`the state "${search.stateInput}"`);
    if (ignored.length) {
      answer.notice = `Showing veterinarians near ${o.zip} (${o.city}, ${o.state}); ${ignored.join(' and ')} ${ignored.length > 1 ? 'were' : 'was'} not used. Clear the zip code to search by city or state.`;
    }
  } else {
    const picked = row.picked_city;
    answer.used = search.city && search.state ? 'city_state' : search.city ? 'city' : 'state';
    answer.location = {
      zip: null,
      city: picked?.city ?? null,
      state: search.state || (picked && !search.city ? picked.state : null) || null,
      latitude: null,
      longitude: null,
    };
    if (picked && picked.city.toLowerCase() !== search.city) answer.notice = `Showing results for ${picked.city}${search.state ? `, ${search.state}` : ''}.`;
  }
  return answer;
}

// ---- Public profile ------------------------------------------------------------------------

export async function findPublicDoctor(db: DbOrTx, id: number, at: Date = new Date()): Promise<DoctorProfile | undefined> {
  const listable = and(
    eq(users.reviewState, 'approved'),
    eq(users.status, 'active'),
    gt(payments.plan, 0),
    // A cancelled plan ('canceling') stays listed until its paid period ends (docs/product.md, Plans and payment).
    inArray(payments.status, ['active', 'canceling']),
    or(isNull(payments.currentPeriodEnd), gt(payments.currentPeriodEnd, at)),
    eq(users.id, id),
  );
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profile: profiles,
      openNow: sql<
        boolean | null
      >`(SELECT CASE WHEN ds.time_zone IS NULL THEN NULL ELSE ds.week_hours @> doctor_minute_of_week(${at.toISOString()}::timestamptz, ds.time_zone) END FROM doctor_search ds WHERE ds.user_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(payments, eq(payments.userId, users.id))
    .where(listable);
  if (!row) return undefined;
  const p = row.profile;
  return {
    id: row.id,
    name: `Dr. ${row.firstName} ${row.lastName}`,
    clinic_name: p.clinicName,
    avatar: p.avatarUrl,
    city: p.city,
    state: p.state,
    zip: p.zip,
    street: p.street,
    contact_phone: p.contactPhone,
    services: p.services,
    species: p.species,
    emergency: p.emergency,
    accepting_new_patients: p.acceptingNewPatients,
    accepting_confirmed_at: p.acceptingConfirmedAt?.toISOString() ?? null,
    distance: null,
    sponsored: false,
    latitude: p.latitude,
    longitude: p.longitude,
    open_now: row.openNow ?? null,
    contact_email: p.contactEmail,
    website_title: p.websiteTitle,
    website_url: p.websiteUrl,
    summary: p.summary,
    working_time: p.workingTime ?? [],
    time_zone: p.timeZone,
    education: p.education,
  };
}
