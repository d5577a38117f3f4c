// `npm run create-admin -- --email E --password P [--first-name F] [--last-name L]`
// Creates a verified administrator, or promotes an existing account. Opens the database like the
// server does, so it refuses to run while a server holds the embedded DATA_DIR.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/lib/password';
import { bumpTokenVersion } from '../server/plugins/app/users/index';
import { passwordProblem } from '../shared/lib/password-policy';

function fail(code: number, line: string): never {
  console.error(`create-admin: ${line}`);
  process.exit(code);
}

const usage = 'usage: npm run create-admin -- --email E --password P [--first-name F] [--last-name L]';
let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  }));
} catch (error) {
  fail(2, `${(error as Error).message}; ${usage}`);
}
const email = values.email?.trim().toLowerCase();
const password = values.password;
if (!email || !password) fail(2, `--email and --password are required; ${usage}`);
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail(2, `"${email}" is not a valid e-mail address`);
// The same rule as sign-up (docs/product.md, Accounts and tokens).
const passwordRefusal = await passwordProblem(password, email);
if (passwordRefusal) fail(2, passwordRefusal);
const firstName = values['first-name']?.trim();
const lastName = values['last-name']?.trim();
for (const [flag, name] of [
  ['--first-name', firstName],
  ['--last-name', lastName],
] as const) {
  if (name !== undefined && (name.length === 0 || name.length > 80)) fail(2, `${flag} must be 1 to 80 characters long`);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, owner: 'create-admin' });
  try {
    const passwordHash = await hashPassword(password);
    const [existing] = await database.db.select().from(users).where(eq(users.email, email));
    if (existing) {
      await database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            manageRole: 'admin',
            passwordHash,
            verify: true,
            verifiedAt: existing.verifiedAt ?? new Date(),
            status: 'active',
            ...(firstName ? { firstName } : {}),
            ...(lastName ? { lastName } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id));
        // The password changed: sessions opened with the old one end (docs/product.md, Accounts and tokens).
        await bumpTokenVersion(tx, existing.id, new Date());
      });
      const what = existing.manageRole === 'admin' ? 'was already an administrator' : 'is now an administrator';
      console.log(`create-admin: ${email} ${what} (password updated${existing.status !== 'active' ? ', account reactivated' : ''}).`);
    } else {
      await database.db.insert(users).values({
        email,
        passwordHash,
        firstName: firstName ?? 'Site',
        lastName: lastName ?? 'Administrator',
        verify: true,
        verifiedAt: new Date(),
        manageRole: 'admin',
      });
      console.log(`create-admin: created administrator ${email}.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(1, error.message);
  fail(1, `cannot update the database: ${rootCause(error)}`);
}

/** One line for e.g. an unreachable DATABASE_URL: drizzle wraps the driver's error, whose message may be empty. */
function rootCause(error: unknown): string {
  let inner = error as { message?: string; code?: string; cause?: unknown; errors?: unknown[] };
  while (inner.cause || inner.errors?.length) inner = (inner.cause ?? inner.errors![0]) as typeof inner;
  const text = [inner.code, inner.message?.split('\n')[0]].filter(Boolean).join(' ');
  return text || String(error);
}
