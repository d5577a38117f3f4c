// `npm run seed -- --doctors 100000 [--allow-real-data]`
// Fills the database (DATABASE_URL, or PGlite in DATA_DIR) with listable demo vets spread over the
// US zip codes (vet n at zip n × a stride mod the number of zips, jittered about a mile), for benchmarks and
// trying search at scale. Set-based SQL: INSERT ... SELECT over generate_series in batches, with the
// search-table triggers off, then one rebuild of doctor_search. Idempotent: it adds only the vets
// missing up to the number asked. It refuses a database that holds accounts other than demo and
// seed ones unless --allow-real-data is given.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { loadZipCodes } from '../server/db/seed/zip-codes';

const SEED_DOMAIN = 'seed.animaldoctor.local';
const BATCH = 100_000;
const usage = 'usage: npm run seed -- --doctors N [--allow-real-data]';

function fail(code: number, line: string): never {
  console.error(`seed: ${line}`);
  process.exit(code);
}

let values: { doctors?: string; 'allow-real-data'?: boolean };
try {
  ({ values } = parseArgs({ options: { doctors: { type: 'string' }, 'allow-real-data': { type: 'boolean' } } }));
} catch (error) {
  fail(2, `${(error as Error).message}; ${usage}`);
}
const wanted = Number(values.doctors);
if (!values.doctors || !Number.isInteger(wanted) || wanted < 1 || wanted > 5_000_000) fail(2, `--doctors must be a whole number from 1 to 5000000; ${usage}`);

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

const TRIGGERS = [
  ['users', 'users_doctor_search'],
  ['payments', 'payments_doctor_search'],
  ['profiles', 'profiles_doctor_search'],
  ['profiles', 'profiles_doctor_search_update'],
] as const;

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, owner: 'seed' });
  const { db } = database;
  const rows = async <T>(query: ReturnType<typeof sql.raw>) => (await db.execute(query)) as unknown as { rows: T[] };
  try {
    const started = Date.now();
    const [foreign] = (
      await rows<{ n: number }>(
        sql.raw(
          `SELECT count(*)::int AS n FROM users WHERE email NOT LIKE '%@${SEED_DOMAIN}' AND email NOT LIKE '%@demo.animaldoctor.local' AND email <> 'admin@animaldoctor.local'`,
        ),
      )
    ).rows;
    if ((foreign?.n ?? 0) > 0 && !values['allow-real-data']) {
      fail(
        3,
        `this database holds ${foreign!.n} accounts that are neither demo nor seed accounts; refusing to add load-test vets to it. Use a separate database, or pass --allow-real-data.`,
      );
    }
    await loadZipCodes(db);
    // NOTE: a literal count lets the planner hash-join vets to zips; a count from a subquery made it a nested loop.
    const zipCount = (await rows<{ n: number }>(sql.raw('SELECT count(*)::int AS n FROM zip_codes'))).rows[0]?.n ?? 0;
    if (zipCount === 0) fail(5, 'the zip code table is empty.');
    const [have] = (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'seed-%@${SEED_DOMAIN}'`))).rows;
    const existing = have?.n ?? 0;
    if (existing >= wanted) {
      console.log(`seed: ${existing} seeded vets already; nothing to add.`);
    } else {
      // The triggers would refresh doctor_search one vet at a time: off during the load, then one rebuild.
      for (const [table, trigger] of TRIGGERS) await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
      try {
        for (let from = existing + 1; from <= wanted; from += BATCH) {
          const to = Math.min(wanted, from + BATCH - 1);
          await seedBatch(db, from, to, zipCount);
          console.log(`seed: vets ${from}-${to} written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
      } finally {
        for (const [table, trigger] of TRIGGERS) await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
      }
      // TRUNCATE logs one "reload" entry for running servers' search indexes; the per-row log
      // trigger is off for the bulk insert (docs/decisions/073-search-index-in-memory.md).
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw('ALTER TABLE doctor_search DISABLE TRIGGER doctor_search_logged'));
        await tx.execute(sql.raw('TRUNCATE doctor_search'));
        await tx.execute(sql.raw('INSERT INTO doctor_search SELECT * FROM doctor_search_source'));
        await tx.execute(sql.raw('ALTER TABLE doctor_search ENABLE TRIGGER doctor_search_logged'));
      });
      for (const table of ['users', 'profiles', 'payments', 'doctor_search']) await db.execute(sql.raw(`ANALYZE ${table}`));
      const [listed] = (await rows<{ n: number }>(sql.raw('SELECT count(*)::int AS n FROM doctor_search'))).rows;
      console.log(
        `seed: ${wanted - existing} vets added in ${((Date.now() - started) / 1000).toFixed(1)} s; ${listed?.n ?? 0} vets are listed (${database.engine}).`,
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
