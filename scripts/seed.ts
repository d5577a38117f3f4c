// `npm run seed -- --doctors 100000 [--reviews 1000000] [--profile-reviews 10000] [--allow-real-data]`
// Fills the database (DATABASE_URL, or PGlite in DATA_DIR) with listable demo vets spread over the
// US zip codes (vet n at zip n × a stride mod the number of zips, jittered about a mile), for benchmarks and
// trying search at scale. Set-based SQL: INSERT ... SELECT over generate_series in batches, with the
// search-table triggers off, then one rebuild of doctor_search. Idempotent: it adds only the vets
// missing up to the number asked. It refuses a database that holds accounts other than demo and
// seed ones unless --allow-real-data is given.
// --reviews M gives the seeded vets M reviews in all (docs/product.md 7.6), written by seeded owner
// accounts, spread evenly over the vets whose seed number does not end in 0 (those keep none), with
// ratings around a per-vet level; one in 50 is held for moderation. --profile-reviews K gives seed
// vet 10 (seed-10@...) K more published reviews, for timing a profile with many reviews against seed
// vet 50, which has none (bench/reviews.ts). Reviews are written like vets: set-based, their rating
// trigger off, then the one rebuild of doctor_search counts them.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { loadZipCodes } from '../server/db/seed/zip-codes';
import { rowsOf } from '../server/lib/sql-rows';

const SEED_DOMAIN = 'seed.animaldoctor.local';
const BATCH = 100_000;
const REVIEW_BATCH = 500_000;
const usage = 'usage: npm run seed -- --doctors N [--reviews M] [--profile-reviews K] [--allow-real-data]';
/** The seed vet with many reviews, and one with none, for bench/reviews.ts. */
const MANY_REVIEWS_VET = 10;
const NO_REVIEWS_VET = 50;

function fail(code: number, line: string): never {
  console.error(`seed: ${line}`);
  process.exit(code);
}

let values: { doctors?: string; reviews?: string; 'profile-reviews'?: string; 'allow-real-data'?: boolean };
try {
  ({ values } = parseArgs({
    options: { doctors: { type: 'string' }, reviews: { type: 'string' }, 'profile-reviews': { type: 'string' }, 'allow-real-data': { type: 'boolean' } },
  }));
} catch (error) {
  fail(2, `${(error as Error).message}; ${usage}`);
}
const wanted = Number(values.doctors);
if (!values.doctors || !Number.isInteger(wanted) || wanted < 1 || wanted > 5_000_000) fail(2, `--doctors must be a whole number from 1 to 5000000; ${usage}`);
const wantedReviews = Number(values.reviews ?? 0);
if (!Number.isInteger(wantedReviews) || wantedReviews < 0 || wantedReviews > 50_000_000)
  fail(2, `--reviews must be a whole number from 0 to 50000000; ${usage}`);
const profileReviews = Number(values['profile-reviews'] ?? 0);
if (!Number.isInteger(profileReviews) || profileReviews < 0 || profileReviews > 100_000)
  fail(2, `--profile-reviews must be a whole number from 0 to 100000; ${usage}`);
if (profileReviews > 0 && wanted < NO_REVIEWS_VET) fail(2, `--profile-reviews needs at least ${NO_REVIEWS_VET} vets; ${usage}`);

// The main time zone of each state: good enough for demo opening hours.
const ZONES: Record<string, string[]> = {
  'America/New_York': ['CT', 'DE', 'DC', 'FL', 'GA', 'ME', 'MD', 'MA', 'MI', 'NH', 'NJ', 'NY', 'NC', 'OH', 'PA', 'RI', 'SC', 'VT', 'VA', 'WV', 'IN', 'KY'],
  'America/Chicago': ['AL', 'AR', 'IL', 'IA', 'KS', 'LA', 'MN', 'MS', 'MO', 'NE', 'ND', 'OK', 'SD', 'TN', 'TX', 'WI'],
  'America/Denver': ['CO', 'ID', 'MT', 'NM', 'UT', 'WY'],
  'America/Phoenix': ['AZ'],
  'America/Los_Angeles': ['CA', 'NV', 'OR', 'WA'],
  'America/Anchorage': ['AK'],
  'Pacific/Honolulu': ['HI'],
  'America/Puerto_Rico': ['PR', 'VI'],
};
const zoneCase = Object.entries(ZONES)
  .map(([zone, states]) => `WHEN z.state IN (${states.map((s) => `'${s}'`).join(',')}) THEN '${zone}'`)
  .join(' ');

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'David',
  'Elena',
  'Felix',
  'Grace',
  'Henry',
  'Isla',
  'Jack',
  'Kara',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
];
const LAST = [
  'Adams',
  'Baker',
  'Chavez',
  'Dunn',
  'Ellis',
  'Flores',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Miller',
  'Nguyen',
  'Ortiz',
  'Patel',
  'Reed',
  'Silva',
  'Turner',
  'Young',
];
const CLINIC = ['Animal Hospital', 'Veterinary Clinic', 'Pet Care', 'Vet Center', 'Animal Clinic'];
const pgArray = (items: string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

const HOURS = [
  '[{"day":"mon","closed":false,"open":"08:00","close":"18:00"},{"day":"tue","closed":false,"open":"08:00","close":"18:00"},{"day":"wed","closed":false,"open":"08:00","close":"18:00"},{"day":"thu","closed":false,"open":"08:00","close":"18:00"},{"day":"fri","closed":false,"open":"08:00","close":"17:00"},{"day":"sat","closed":false,"open":"09:00","close":"13:00"},{"day":"sun","closed":true}]',
  '[{"day":"mon","closed":false,"open":"07:30","close":"20:00"},{"day":"tue","closed":false,"open":"07:30","close":"20:00"},{"day":"wed","closed":false,"open":"07:30","close":"20:00"},{"day":"thu","closed":false,"open":"07:30","close":"20:00"},{"day":"fri","closed":false,"open":"07:30","close":"18:00"},{"day":"sat","closed":false,"open":"09:00","close":"16:00"},{"day":"sun","closed":false,"open":"10:00","close":"14:00"}]',
  '[{"day":"mon","closed":false,"open":"00:00","close":"23:59"},{"day":"tue","closed":false,"open":"00:00","close":"23:59"},{"day":"wed","closed":false,"open":"00:00","close":"23:59"},{"day":"thu","closed":false,"open":"00:00","close":"23:59"},{"day":"fri","closed":false,"open":"00:00","close":"23:59"},{"day":"sat","closed":false,"open":"00:00","close":"23:59"},{"day":"sun","closed":false,"open":"00:00","close":"23:59"}]',
];
const SPECIES = ['["dogs","cats"]', '["dogs","cats","rabbits"]', '["cats"]', '["dogs","cats","birds","reptiles"]', '["dogs","cats","horses"]'];
const SERVICES = [
  '["Wellness exams","Vaccinations","Dentistry"]',
  '["Wellness exams","Surgery","Imaging"]',
  '["Emergency care","Critical care","Surgery"]',
  '["Wellness exams","Vaccinations","Microchipping","Senior care"]',
  '["Exotic medicine","Avian care"]',
];

/**
 * Vet n goes to the zip codes' (n × stride mod count)-th, in zip order: with a stride coprime to the count every zip
 * gets a vet before any gets two, and the first vets are spread over the whole country at any scale (zip order runs
 * from the Northeast to the West, so the first 10,000 of `n mod count` would all be east of Ohio). A vet keeps its
 * place when more are added later.
 */
function zipStride(zipCount: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 10_007;
  while (gcd(stride, zipCount) !== 1) stride += 2;
  return stride;
}

async function seedBatch(db: Db, from: number, to: number, zipCount: number): Promise<void> {
  // One statement: the inserted users feed their profiles and payments (data-modifying CTEs).
  await db.execute(
    sql.raw(`
    WITH z AS (SELECT zip, city, state, latitude, longitude, row_number() OVER (ORDER BY zip) - 1 AS rn FROM zip_codes),
    u AS (
      INSERT INTO users (email, password_hash, first_name, last_name, verify, verified_at, review_state, submit_at, reviewed_at)
      SELECT 'seed-' || g || '@${SEED_DOMAIN}', '!seed-no-login', (${pgArray(FIRST)})[1 + g % ${FIRST.length}],
             (${pgArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}], true, now(), 'approved', now(), now()
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g
      ON CONFLICT (email) DO NOTHING
      RETURNING id, email),
    s AS (SELECT id, split_part(split_part(email, '@', 1), '-', 2)::bigint AS g FROM u),
    p AS (
      INSERT INTO profiles (user_id, clinic_name, contact_phone, contact_email, street, city, state, zip, latitude, longitude,
                            working_time, time_zone, summary, services, species, emergency, accepting_new_patients, accepting_confirmed_at)
      SELECT s.id, z.city || ' ' || (${pgArray(CLINIC)})[1 + s.g % ${CLINIC.length}] || ' ' || s.g,
             '(555) 01' || lpad((s.g % 100)::text, 2, '0') || '-' || lpad((s.g % 10000)::text, 4, '0'),
             'seed-' || s.g || '@${SEED_DOMAIN}', (1 + s.g % 900) || ' Main St', z.city, z.state, z.zip,
             z.latitude + (((s.g * 7919) % 2001) - 1000) / 70000.0, z.longitude + (((s.g * 104729) % 2001) - 1000) / 55000.0,
             (${pgArray(HOURS)})[1 + CASE WHEN s.g % 10 = 0 THEN 2 ELSE s.g % 2 END]::jsonb,
             CASE ${zoneCase} ELSE 'America/Chicago' END,
             'A seeded practice for load tests.',
             (${pgArray(SERVICES)})[1 + CASE WHEN s.g % 10 = 0 THEN 2 ELSE (s.g / 3) % ${SERVICES.length} END]::jsonb,
             (${pgArray(SPECIES)})[1 + (s.g / 7) % ${SPECIES.length}]::jsonb,
             s.g % 10 = 0, s.g % 3 <> 0, now() - ((s.g % 60) || ' days')::interval
      FROM s JOIN z ON z.rn = (s.g * ${zipStride(zipCount)}) % ${zipCount})
    INSERT INTO payments (user_id, plan, status, provider, email, customer_id, current_period_end)
    SELECT s.id, CASE WHEN s.g % 20 = 0 THEN 3 WHEN s.g % 3 = 0 THEN 2 ELSE 1 END, 'active', 'sandbox',
           'seed-' || s.g || '@${SEED_DOMAIN}', 'cus_seed_' || s.g, now() + interval '365 days'
    FROM s`),
  );
}

const TITLES = [
  'Great with our dog',
  'Kind and thorough',
  'Quick visit',
  'Long wait',
  'Explained everything',
  'Good but pricey',
  'Saved our cat',
  'Would come back',
];
const TEXTS = [
  'The vet took time to explain the treatment options and the costs before doing anything.',
  'Friendly front desk, clean waiting room, and our dog was calm for once. Follow-up call the next day.',
  'We waited forty minutes past our appointment time, but the exam itself was careful and unhurried.',
  'They fitted us in the same day for an emergency and kept us informed the whole time.',
  'Good care overall, though the bill was higher than the estimate we were given at the start.',
  'Our cat hates the carrier, and the staff were patient and gentle with her from start to finish.',
];
const SPECIES_NAMES = ['dog', 'cat', 'rabbit', 'bird', 'horse', 'reptile'];
const REVIEWER = (expr: string) => `'reviewer-' || ${expr} || '@${SEED_DOMAIN}'`;

/**
 * Owner accounts reviewer-1 ... reviewer-n (the reviews' authors); each reviews a vet at most once.
 */
async function seedReviewers(db: Db, n: number): Promise<void> {
  for (let from = 1; from <= n; from += BATCH) {
    const to = Math.min(n, from + BATCH - 1);
    await db.execute(
      sql.raw(`
      INSERT INTO users (email, password_hash, first_name, last_name, verify, verified_at, account_type, created_at)
      SELECT ${REVIEWER('g')}, '!seed-no-login', (${pgArray(FIRST)})[1 + (g * 7) % ${FIRST.length}],
             (${pgArray(LAST)})[1 + (g * 3) % ${LAST.length}], true, now() - interval '400 days', 'owner', now() - interval '400 days'
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g
      ON CONFLICT (email) DO NOTHING`),
    );
  }
}

/** The review columns for review number g of author `a` on seed vet `sn` (SQL expressions), rating `rating`. */
const reviewColumns = (g: string, rating: string, state: string, ip: string) => `${rating},
  (${pgArray(TITLES)})[1 + (${g} * 5) % ${TITLES.length}],
  (${pgArray(TEXTS)})[1 + (${g} * 11) % ${TEXTS.length}],
  to_char(now() - ((${g} % 24) || ' months')::interval, 'YYYY-MM'),
  (${pgArray(SPECIES_NAMES)})[1 + (${g} * 13) % ${SPECIES_NAMES.length}],
  ${state}, '${ip}', now() - ((${g} % 700) || ' days')::interval - ((${g} % 1440) || ' minutes')::interval`;

/**
 * Reviews from..to (1-based) of `total`, spread over the `reviewed` vets whose seed number does not
 * end in 0: review g goes to the ((g - 1) mod reviewed)-th of them, by author (g - 1) / reviewed + 1, so
 * no author reviews a vet twice. Each vet rates about its own level (2 to 5 stars) give or take one.
 */
async function seedReviews(db: Db, from: number, to: number, reviewed: number): Promise<void> {
  await db.execute(
    sql.raw(`
    WITH r AS (
      SELECT g, ((g - 1) % ${reviewed}) / 9 * 10 + ((g - 1) % ${reviewed}) % 9 + 1 AS sn, (g - 1) / ${reviewed} + 1 AS a
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g)
    INSERT INTO reviews (doctor_id, author_id, rating, title, text, visit_month, species, state, client_ip, created_at)
    SELECT v.id, w.id, ${reviewColumns('r.g', 'least(5, greatest(1, 2 + (r.sn * 7919) % 4 + (r.g * 104729) % 3 - 1))', "CASE WHEN r.g % 50 = 0 THEN 'pending' ELSE 'published' END", 'seed')}
    FROM r
    JOIN users v ON v.email = 'seed-' || r.sn || '@${SEED_DOMAIN}'
    JOIN users w ON w.email = ${REVIEWER('r.a')}
    ON CONFLICT (author_id, doctor_id) DO NOTHING`),
  );
}

/** `count` published reviews of seed vet MANY_REVIEWS_VET, by reviewers 1..count. */
async function seedProfileReviews(db: Db, count: number): Promise<void> {
  await db.execute(
    sql.raw(`
    INSERT INTO reviews (doctor_id, author_id, rating, title, text, visit_month, species, state, client_ip, created_at)
    SELECT v.id, w.id, ${reviewColumns('g', '1 + (g * 7) % 5 / 2 + 2', "'published'", 'seed-profile')}
    FROM generate_series(1, ${count}::bigint) AS g
    JOIN users v ON v.email = 'seed-${MANY_REVIEWS_VET}@${SEED_DOMAIN}'
    JOIN users w ON w.email = ${REVIEWER('g')}
    ON CONFLICT (author_id, doctor_id) DO NOTHING`),
  );
}

const TRIGGERS = [
  ['users', 'users_doctor_search'],
  ['payments', 'payments_doctor_search'],
  ['profiles', 'profiles_doctor_search'],
  ['profiles', 'profiles_doctor_search_update'],
  ['reviews', 'reviews_rating_insert'],
  ['reviews', 'reviews_stats_insert'],
] as const;

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, owner: 'seed' });
  const { db } = database;
  const rows = async <T>(query: ReturnType<typeof sql.raw>) => rowsOf<T>(await db.execute(query));
  try {
    const started = Date.now();
    const [foreign] = await rows<{ n: number }>(
      sql.raw(
        `SELECT count(*)::int AS n FROM users WHERE email NOT LIKE '%@${SEED_DOMAIN}' AND email NOT LIKE '%@demo.animaldoctor.local' AND email <> 'admin@animaldoctor.local'`,
      ),
    );
    if ((foreign?.n ?? 0) > 0 && !values['allow-real-data']) {
      fail(
        3,
        `this database holds ${foreign!.n} accounts that are neither demo nor seed accounts; refusing to add load-test vets to it. Use a separate database, or pass --allow-real-data.`,
      );
    }
    await loadZipCodes(db);
    // NOTE: a literal count lets the planner hash-join vets to zips; a count from a subquery made it a nested loop.
    const zipCount = (await rows<{ n: number }>(sql.raw('SELECT count(*)::int AS n FROM zip_codes')))[0]?.n ?? 0;
    if (zipCount === 0) fail(5, 'the zip code table is empty.');
    const [have] = await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'seed-%@${SEED_DOMAIN}'`));
    const existing = have?.n ?? 0;
    const [reviewsHave] = await rows<{ spread: number; profile: number }>(
      sql.raw(
        "SELECT count(*) FILTER (WHERE client_ip = 'seed')::int AS spread, count(*) FILTER (WHERE client_ip = 'seed-profile')::int AS profile FROM reviews WHERE client_ip LIKE 'seed%'",
      ),
    );
    const existingReviews = reviewsHave?.spread ?? 0;
    const addReviews = wantedReviews > existingReviews;
    const addProfileReviews = profileReviews > (reviewsHave?.profile ?? 0);
    if (existing >= wanted && !addReviews && !addProfileReviews) {
      console.log(`seed: ${existing} seeded vets and ${existingReviews} seeded reviews already; nothing to add.`);
    } else {
      // The triggers would refresh doctor_search one vet at a time: off during the load, then one rebuild.
      for (const [table, trigger] of TRIGGERS) await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
      try {
        for (let from = existing + 1; from <= wanted; from += BATCH) {
          const to = Math.min(wanted, from + BATCH - 1);
          await seedBatch(db, from, to, zipCount);
          console.log(`seed: vets ${from}-${to} written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
        // Vets whose seed number does not end in 0 are reviewed; the others (seed vet 50 among them) keep none.
        const reviewed = Math.max(wanted, existing) - Math.floor(Math.max(wanted, existing) / 10);
        const reviewers = Math.max(addReviews ? Math.ceil(wantedReviews / reviewed) : 0, addProfileReviews ? profileReviews : 0);
        if (reviewers > 0) await seedReviewers(db, reviewers);
        for (let from = existingReviews + 1; addReviews && from <= wantedReviews; from += REVIEW_BATCH) {
          const to = Math.min(wantedReviews, from + REVIEW_BATCH - 1);
          await seedReviews(db, from, to, reviewed);
          console.log(`seed: reviews ${from}-${to} written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
        if (addProfileReviews) {
          await seedProfileReviews(db, profileReviews);
          console.log(`seed: ${profileReviews} reviews of seed vet ${MANY_REVIEWS_VET} written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
      } finally {
        for (const [table, trigger] of TRIGGERS) await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
      }
      // VACUUM marks the reviews' pages all-visible first: the rebuild below counts each vet's
      // published reviews from the index alone instead of visiting a heap page per review.
      if (addReviews || addProfileReviews) await db.execute(sql.raw('VACUUM ANALYZE reviews'));
      // The per-star counts (migration 0015) are counted again once, as the migration first counted them.
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw('DELETE FROM review_stats'));
        await tx.execute(
          sql.raw(`INSERT INTO review_stats (doctor_id, stars_1, stars_2, stars_3, stars_4, stars_5)
            SELECT doctor_id, count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
                   count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)
            FROM reviews WHERE state = 'published' GROUP BY doctor_id`),
        );
      });
      // TRUNCATE logs one "reload" entry for running servers' search indexes; the per-row log
      // trigger is off for the bulk insert (docs/decisions/073-search-index-in-memory.md).
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw('ALTER TABLE doctor_search DISABLE TRIGGER doctor_search_logged'));
        await tx.execute(sql.raw('TRUNCATE doctor_search'));
        await tx.execute(sql.raw('INSERT INTO doctor_search SELECT * FROM doctor_search_source'));
        await tx.execute(sql.raw('ALTER TABLE doctor_search ENABLE TRIGGER doctor_search_logged'));
      });
      for (const table of ['users', 'profiles', 'payments', 'doctor_search']) await db.execute(sql.raw(`ANALYZE ${table}`));
      const [listed] = await rows<{ n: number }>(sql.raw('SELECT count(*)::int AS n FROM doctor_search'));
      const [counted] = await rows<{ n: number }>(sql.raw('SELECT coalesce(sum(rating_count), 0)::bigint AS n FROM doctor_search'));
      console.log(
        `seed: ${Math.max(0, wanted - existing)} vets added in ${((Date.now() - started) / 1000).toFixed(1)} s; ${listed?.n ?? 0} vets are listed, with ${counted?.n ?? 0} published reviews (${database.engine}).`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError) fail(2, error.message);
  if (error instanceof DataDirLockedError) fail(4, error.message);
  throw error;
}
