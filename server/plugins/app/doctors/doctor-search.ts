// Finding listed doctors (docs/product.md, Search). A profile is public only while it is approved,
// its account active and its plan paid. Near a zip code: a bounding box on the lat/lon index, then
// the haversine distance; Premium profiles in range may take up to two 'Sponsored' slots on top,
// and the order of every other result never depends on the plan.
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { payments, profiles, users, zipCodes } from '../../../db/schema';
import type { DoctorProfile, DoctorSearchBody, DoctorSummary } from '../../../../shared/schemas/doctor';
import { stateCode } from '../../../../shared/constants/us-states';
import { httpError } from '../../../lib/http-error';

const EARTH_RADIUS_MILES = 3958.8;
const DEFAULT_RADIUS_MILES = 25;
const SPONSORED_SLOTS = 2;

const listable = (): SQL =>
  and(
    eq(users.reviewState, 'approved'),
    eq(users.status, 'active'),
    gt(payments.plan, 0),
    // A cancelled plan ('canceling') stays listed until its paid period ends (docs/product.md, Plans and payment).
    inArray(payments.status, ['active', 'canceling']),
    or(isNull(payments.currentPeriodEnd), gt(payments.currentPeriodEnd, sql`now()`)),
  )!;

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  plan: payments.plan,
  profile: profiles,
};

type SummaryRow = { id: number; firstName: string; lastName: string; plan: number; profile: typeof profiles.$inferSelect; distance?: number | null };

function presentSummary(row: SummaryRow, sponsored = false): DoctorSummary {
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
    distance: row.distance === undefined || row.distance === null ? null : Math.round(row.distance * 10) / 10,
    sponsored,
  };
}

function base(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(payments, eq(payments.userId, users.id));
}

export async function searchDoctors(db: DbOrTx, query: DoctorSearchBody): Promise<{ data: DoctorSummary[]; totalCount: number }> {
  const zip = query.searchZipCode.trim();
  const city = query.searchCity.trim();
  const stateInput = query.searchState.trim();
  if (!zip && !city && !stateInput) throw httpError(400, 'VALIDATION_ERROR', 'Enter a zip code, a city or a state.');

  if (zip) {
    if (!/^\d{5}$/.test(zip)) throw httpError(400, 'VALIDATION_ERROR', "Field 'searchZipCode' must be five digits.");
    const [origin] = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip));
    if (!origin) throw httpError(400, 'UNKNOWN_ZIP', `We do not know the zip code ${zip}. Please check it.`);
    const radius = query.radius ?? DEFAULT_RADIUS_MILES;
    const latDelta = radius / 69;
    const lonDelta = radius / (69 * Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180)));
    // NOTE: numbers bound as parameters need a cast, or PostgreSQL may infer integer for them.
    const lat0 = sql`${origin.latitude}::float8`;
    const lon0 = sql`${origin.longitude}::float8`;
    const distance = sql<number>`${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(power(sin(radians(${profiles.latitude} - ${lat0}) / 2), 2) + cos(radians(${lat0})) * cos(radians(${profiles.latitude})) * power(sin(radians(${profiles.longitude} - ${lon0}) / 2), 2)))`;
    const where = and(
      listable(),
      gte(profiles.latitude, origin.latitude - latDelta),
      lte(profiles.latitude, origin.latitude + latDelta),
      gte(profiles.longitude, origin.longitude - lonDelta),
      lte(profiles.longitude, origin.longitude + lonDelta),
      sql`${distance} <= ${radius}::float8`,
    );
    const rows = (await base(db, { distance }).where(where).orderBy(asc(distance), asc(users.id))) as SummaryRow[];
    const page = rows.slice(query.searchStart, query.searchStart + query.searchCount).map((row) => presentSummary(row));
    const sponsored = query.searchStart === 0 ? rows.filter((row) => row.plan === 3).slice(0, SPONSORED_SLOTS).map((row) => presentSummary(row, true)) : [];
    return { data: [...sponsored, ...page], totalCount: rows.length };
  }

  const conditions: SQL[] = [listable()];
  if (stateInput) {
    const code = stateCode(stateInput);
    if (!code) throw httpError(400, 'UNKNOWN_STATE', `We do not know the state "${stateInput}". Use its name or two-letter code.`);
    conditions.push(eq(profiles.state, code));
  }
  if (city) conditions.push(sql`lower(${profiles.city}) = ${city.toLowerCase().replace(/\s+/g, ' ')}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    base(db).where(where).orderBy(asc(profiles.clinicName), asc(users.id)).limit(query.searchCount).offset(query.searchStart),
    db.select({ n: sql<number>`count(*)::int` }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).innerJoin(payments, eq(payments.userId, users.id)).where(where),
  ]);
  return { data: (rows as SummaryRow[]).map((row) => presentSummary(row)), totalCount: Number(total?.n ?? 0) };
}

export async function findPublicDoctor(db: DbOrTx, id: number): Promise<DoctorProfile | undefined> {
  const [row] = (await base(db).where(and(listable(), eq(users.id, id)))) as SummaryRow[];
  if (!row) return undefined;
  const p = row.profile;
  return {
    ...presentSummary(row),
    contact_email: p.contactEmail,
    website_title: p.websiteTitle,
    website_url: p.websiteUrl,
    summary: p.summary,
    working_time: p.workingTime ?? [],
    time_zone: p.timeZone,
    education: p.education,
  };
}
