// Test factories: accounts at every stage, vets with public profiles, articles, written straight
// to the test database, and `injectAs` to call the API as one of them.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { articles, payments, profiles, users, type WorkingDay } from '../db/schema';
import { hashPassword } from '../lib/password';
import { updateUser, type UserRow } from '../plugins/app/users/index';
import { DAYS } from '../../shared/constants/days';
import { rowsOf } from '../lib/sql-rows';

export type Stage = 'unverified' | 'verified' | 'paid' | 'admin' | 'suspended';

export const FACTORY_PASSWORD = 'Correct-Horse-Battery-9';
let passwordHash: Promise<string> | undefined;

export interface Account {
  user: UserRow;
  /** A session token for the account (also for an unverified one, like login's 201). */
  token: string;
  password: string;
}

export interface AccountOptions {
  stage?: Stage;
  /** Paid plan for stage 'paid' (default 1, Basic). */
  plan?: 1 | 2 | 3;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** 'owner' for a pet owner's account (docs/product.md section 13); 'vet' by default. */
  accountType?: 'owner' | 'vet';
  /** When the account was made (now by default): reviews of accounts younger than a day are held. */
  createdAt?: Date;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

export async function createAccount(app: FastifyInstance, options: AccountOptions = {}): Promise<Account> {
  const stage = options.stage ?? 'verified';
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const { db } = app.database;
  const [user] = await db
    .insert(users)
    .values({
      email: (options.email ?? uniqueEmail(stage)).toLowerCase(),
      passwordHash: await passwordHash,
      firstName: options.firstName ?? 'Casey',
      lastName: options.lastName ?? 'Tester',
      verify: stage !== 'unverified',
      verifiedAt: stage !== 'unverified' ? new Date() : null,
      manageRole: stage === 'admin' ? 'admin' : 'user',
      status: stage === 'suspended' ? 'suspended' : 'active',
      accountType: options.accountType ?? 'vet',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (stage === 'paid') {
    await db.insert(payments).values({
      userId: user!.id,
      plan: options.plan ?? 1,
      status: 'active',
      provider: 'sandbox',
      email: user!.email,
      customerId: `cus_test_${user!.id}`,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
  }
  const token = await app.tokens.sign(user!.id, 'session', user!.tokenVersion);
  return { user: user!, token, password: FACTORY_PASSWORD };
}

export interface VetOptions extends AccountOptions {
  zip?: string;
  city?: string;
  state?: string;
  latitude?: number;
  longitude?: number;
  clinicName?: string;
  reviewState?: 'draft' | 'pending' | 'approved' | 'rejected';
  species?: string[];
  services?: string[];
  emergency?: boolean;
  acceptingNewPatients?: boolean;
  timeZone?: string | null;
  workingTime?: WorkingDay[];
  /** The paid period ended yesterday. */
  expired?: boolean;
  /** No paid plan (plan 0). */
  unpaid?: boolean;
  /** The account is suspended. */
  suspended?: boolean;
}

/** A paid vet with a filled profile; approved (public and searchable) unless told otherwise. */
export async function createVet(app: FastifyInstance, options: VetOptions = {}): Promise<Account> {
  const account = await createAccount(app, { ...options, stage: 'paid', plan: options.plan ?? 1 });
  const { db } = app.database;
  const reviewState = options.reviewState ?? 'approved';
  await db.insert(profiles).values({
    userId: account.user.id,
    clinicName: options.clinicName ?? `Test Clinic ${account.user.id}`,
    contactPhone: '(212) 555-0142',
    contactEmail: account.user.email,
    street: '1 Test Street',
    city: options.city ?? 'New York',
    state: options.state ?? 'NY',
    zip: options.zip ?? '10001',
    latitude: options.latitude ?? 40.7506,
    longitude: options.longitude ?? -73.9972,
    timeZone: options.timeZone === undefined ? 'America/New_York' : options.timeZone,
    workingTime: options.workingTime ?? DAYS.map((day) => ({ day, closed: day === 'sun', open: '09:00', close: '17:00' })),
    summary: 'A friendly practice for dogs and cats.',
    species: options.species ?? ['dog', 'cat'],
    services: options.services ?? [],
    emergency: options.emergency ?? false,
    acceptingNewPatients: options.acceptingNewPatients ?? false,
  });
  if (options.expired || options.unpaid) {
    await db
      .update(payments)
      .set(options.unpaid ? { plan: 0, status: 'none' } : { currentPeriodEnd: new Date(Date.now() - 86_400_000) })
      .where(eq(payments.userId, account.user.id));
  }
  const user = await updateUser(
    db,
    account.user.id,
    {
      ...(options.suspended ? { status: 'suspended' as const } : {}),
      submitAt: reviewState === 'draft' ? null : new Date(),
      reviewState,
      reviewedAt: reviewState === 'approved' || reviewState === 'rejected' ? new Date() : null,
    },
    new Date(),
  );
  // As the app's write paths do: search and pages show the vet at once.
  app.changes.announce({ kind: 'listing changed', doctorId: account.user.id });
  return { ...account, user: user! };
}

/**
 * `count` listed vets (approved, on an active Basic plan) named `clinicName`, scattered over a square of
 * `spread` degrees either side of a point, written in one statement (createVet would take minutes for
 * a thousand), and announced as the app's write paths do. `remove()` deletes them again, so they do
 * not crowd other tests' lists in the worker's database.
 */
export async function insertListedVets(
  app: FastifyInstance,
  count: number,
  place: { lat: number; lon: number },
  options: { clinicName: string; spread: number },
): Promise<{ remove: () => Promise<unknown> }> {
  const tag = randomUUID().slice(0, 8);
  const { db } = app.database;
  const inserted = await db.execute(sql`
    WITH u AS (
      INSERT INTO users (email, password_hash, first_name, last_name, verify, review_state)
      SELECT 'listed-' || g || '-' || ${tag} || '@example.com', 'x', 'Listed', 'Vet' || g, true, 'approved' FROM generate_series(1, ${count}::int) g
      RETURNING id),
    p AS (INSERT INTO payments (user_id, plan, status, current_period_end) SELECT id, 1, 'active', now() + interval '1 day' FROM u)
    INSERT INTO profiles (user_id, clinic_name, latitude, longitude)
    SELECT id, ${options.clinicName},
      ${place.lat}::float8 + ((id * 7919) % 600 - 300) / 300.0 * ${options.spread}::float8,
      ${place.lon}::float8 + ((id * 104729) % 600 - 300) / 300.0 * ${options.spread}::float8
    FROM u
    RETURNING user_id`);
  for (const { user_id: doctorId } of rowsOf<{ user_id: number }>(inserted)) app.changes.announce({ kind: 'listing changed', doctorId });
  return { remove: () => db.execute(sql`DELETE FROM users WHERE email LIKE ${`listed-%-${tag}@example.com`}`) };
}

export async function createArticle(app: FastifyInstance, options: { kind?: 'blog' | 'ai'; title?: string; published?: boolean; contents?: string } = {}) {
  const published = options.published ?? true;
  const [row] = await app.database.db
    .insert(articles)
    .values({
      kind: options.kind ?? 'blog',
      title: options.title ?? `Test article ${randomUUID().slice(0, 8)}`,
      author: 'Dr. Test Author',
      contents: options.contents ?? '<p>Fresh water every day keeps pets healthy.</p>',
      subContent: 'Fresh water every day keeps pets healthy.',
      published,
      publishedAt: published ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Calls the API with the account's session token (or none for a visitor). */
export function injectAs(app: FastifyInstance, token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return app.inject({ method: 'POST', ...options, headers } as InjectOptions);
}

const MILES_PER_DEGREE_LAT = 69.09;

/**
 * A listed vet placed `miles` due north of a point, in Hawaii's placeholder zip so that only searches
 * around that point find it; its clinic is named after the distance. Returns the vet's id.
 */
export async function createVetMilesNorth(
  app: FastifyInstance,
  at: { lat: number; lon: number },
  miles: number,
  options: VetOptions & { marker: string; city: string },
): Promise<number> {
  const { marker, ...rest } = options;
  const { user } = await createVet(app, {
    clinicName: `Clinic ${miles} mi ${marker}`,
    state: 'HI',
    zip: '00000',
    ...rest,
    latitude: at.lat + miles / MILES_PER_DEGREE_LAT,
    longitude: at.lon,
  });
  return user.id;
}
