// Reads and writes of accounts. Every function takes the database or a transaction.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { payments, profiles, users } from '../../../db/schema';
import { normalizeEmail } from '../../../../shared/lib/email-address';
import { presentUser } from './user-presenter';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function createUser(
  db: DbOrTx,
  input: { email: string; passwordHash: string; firstName: string; lastName: string; accountType?: 'owner' | 'vet' },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: normalizeEmail(input.email) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Changes an account row. A caller that changes what a listing shows (review state, status, names)
 * announces 'listing changed' itself (docs/decisions/093-one-listing-module.md).
 */
export async function updateUser(db: DbOrTx, id: number, changes: Partial<typeof users.$inferInsert>, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Ends every session of the user: older tokens carry an older version. */
export async function bumpTokenVersion(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id));
}

/** The user as every answer shows it, with plan and profile pieces. */
export async function loadPresentedUser(db: DbOrTx, user: UserRow, now: Date) {
  const [[payment], [profile]] = await Promise.all([
    db.select().from(payments).where(eq(payments.userId, user.id)),
    db.select().from(profiles).where(eq(profiles.userId, user.id)),
  ]);
  return presentUser(user, now, payment, profile);
}
