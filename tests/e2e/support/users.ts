// Browser-test accounts written straight into a site's data folder before its server starts, with
// the server's own repository and password hashing: no sign-up journey, and no test-only endpoint
// in the app. Each account also gets a session token, so a test can start signed in.
import type { Config } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { appointments, payments, profiles, type WorkingDay } from '../../../server/db/schema';
import type { SpecialDay } from '../../../shared/lib/special-hours';
import { hashPassword } from '../../../server/lib/password';
import { resolveJwtSecret, TokenService } from '../../../server/plugins/app/auth/tokens';
import { createUser, updateUser } from '../../../server/plugins/app/users/index';

export type UserStage = 'unverified' | 'verified' | 'paid' | 'admin';

export interface UserSpec {
  email: string;
  stage: UserStage;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** A pet owner's account or a vet's (the default, as for an account made before owners had their own). */
  accountType?: 'owner' | 'vet';
  /** Paid plan for stage 'paid' (default 1, Basic). */
  plan?: 1 | 2 | 3;
  /** A filled, approved profile (a listed practice) with this clinic name; only for stage 'paid'. */
  listedAs?: string;
  /** Where the listed practice is and its week (default: Absarokee, MT, Mountain Time, 8 AM to 6 PM but Sundays). */
  listedAt?: { street: string; city: string; state: string; zip: string; latitude: number; longitude: number; timeZone: string };
  hours?: WorkingDay[];
  /** Holiday and special hours of the listed practice (docs/product.md section 22). */
  specialHours?: SpecialDay[];
}

export interface PreparedUser extends Required<Omit<UserSpec, 'plan' | 'accountType' | 'listedAs' | 'listedAt' | 'hours' | 'specialHours'>> {
  id: number;
  /** A session token, as login answers it: store it under animaldoctorJwtToken to start signed in. */
  token: string;
}

export const FIXTURE_PASSWORD = 'Fixture-Password-2026';

export async function prepareUsers(dataDir: string, specs: Record<string, UserSpec>): Promise<Record<string, PreparedUser>> {
  const database = await openDatabase({ dataDir, owner: 'e2e-fixture' });
  try {
    const tokens = new TokenService(resolveJwtSecret({ dataDir, jwtSecret: undefined } as Config));
    const prepared: Record<string, PreparedUser> = {};
    for (const [key, spec] of Object.entries(specs)) {
      const password = spec.password ?? FIXTURE_PASSWORD;
      const created = await createUser(database.db, {
        email: spec.email,
        passwordHash: await hashPassword(password),
        firstName: spec.firstName ?? 'Casey',
        lastName: spec.lastName ?? 'Tester',
        ...(spec.accountType ? { accountType: spec.accountType } : {}),
      });
      if (!created) throw new Error(`fixture user ${spec.email} exists already`);
      if (spec.stage !== 'unverified') {
        await updateUser(database.db, created.id, { verify: true, verifiedAt: new Date(), manageRole: spec.stage === 'admin' ? 'admin' : 'user' }, new Date());
      }
      if (spec.stage === 'paid') {
        await database.db.insert(payments).values({
          userId: created.id,
          plan: spec.plan ?? 1,
          status: 'active',
          provider: 'sandbox',
          email: created.email,
          customerId: `cus_fixture_${created.id}`,
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
        });
      }
      if (spec.listedAs) {
        await database.db.insert(profiles).values({
          userId: created.id,
          clinicName: spec.listedAs,
          contactPhone: '(406) 555-0142',
          contactEmail: created.email,
          ...(spec.listedAt ?? {
            street: '12 Main Street',
            city: 'Absarokee',
            state: 'MT',
            zip: '59001',
            latitude: 45.52,
            longitude: -109.44,
            timeZone: 'America/Denver',
          }),
          workingTime:
            spec.hours ??
            (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
              day,
              closed: day === 'sun',
              open: '08:00',
              close: '18:00',
            })),
          specialHours: spec.specialHours ?? [],
          summary: 'A friendly mixed practice for dogs, cats and small pets.',
          species: ['Dogs', 'Cats'],
          step1DoneAt: new Date(),
          step2DoneAt: new Date(),
        });
        await updateUser(database.db, created.id, { submitAt: new Date(), reviewState: 'approved', reviewedAt: new Date() }, new Date());
      }
      prepared[key] = {
        id: created.id,
        email: created.email,
        stage: spec.stage,
        password,
        firstName: created.firstName,
        lastName: created.lastName,
        token: await tokens.sign(created.id, 'session', created.tokenVersion),
      };
    }
    return prepared;
  } finally {
    await database.close();
  }
}

/**
 * A confirmed visit whose time has passed, written straight into the data folder like the fixture users: a journey
 * that needs a visit after its start (to mark it completed or missed) does not wait in real time for one to come
 * (docs/decisions/247-past-visits-written-with-the-fixtures.md).
 */
export interface PastVisitSpec<U extends string = string> {
  /** The keys of the practice and the owner among the file's fixture users. */
  practice: U;
  owner: U;
  petName: string;
  species: string;
  reason: string;
  /** How long ago it started (default an hour); in the practice's zone, America/Denver as the fixtures'. */
  startedAgoMs?: number;
}

export async function preparePastVisits(dataDir: string, users: Record<string, PreparedUser>, visits: PastVisitSpec[]): Promise<void> {
  const database = await openDatabase({ dataDir, owner: 'e2e-fixture' });
  try {
    for (const visit of visits) {
      const start = new Date(Date.now() - (visit.startedAgoMs ?? 3_600_000));
      const [practice, owner] = [users[visit.practice], users[visit.owner]];
      if (!practice || !owner) throw new Error(`past visit of unknown fixture users ${visit.practice} and ${visit.owner}`);
      await database.db.insert(appointments).values({
        doctorId: practice.id,
        ownerId: owner.id,
        petName: visit.petName,
        species: visit.species,
        reason: visit.reason,
        preferred: [start.toISOString()],
        start,
        timeZone: 'America/Denver',
        state: 'confirmed',
        answeredAt: new Date(start.getTime() - 86_400_000),
        createdAt: new Date(start.getTime() - 2 * 86_400_000),
      });
    }
  } finally {
    await database.close();
  }
}
