// Browser-test accounts written straight into a site's data folder before its server starts, with
// the server's own repository and password hashing: no sign-up journey, and no test-only endpoint
// in the app. Each account also gets a session token, so a test can start signed in.
import type { Config } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { payments } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/password';
import { resolveJwtSecret, TokenService } from '../../../server/plugins/app/auth/tokens';
import { createUser, updateUser } from '../../../server/plugins/app/users/user-repository';

export type UserStage = 'unverified' | 'verified' | 'paid' | 'admin';

export interface UserSpec {
  email: string;
  stage: UserStage;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** Paid plan for stage 'paid' (default 1, Basic). */
  plan?: 1 | 2 | 3;
}

export interface PreparedUser extends Required<Omit<UserSpec, 'plan'>> {
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
      const created = await createUser(database.db, { email: spec.email, passwordHash: await hashPassword(password), firstName: spec.firstName ?? 'Casey', lastName: spec.lastName ?? 'Tester' });
      if (!created) throw new Error(`fixture user ${spec.email} exists already`);
      if (spec.stage !== 'unverified') {
        await updateUser(database.db, created.id, { verify: true, verifiedAt: new Date(), manageRole: spec.stage === 'admin' ? 'admin' : 'user' });
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
