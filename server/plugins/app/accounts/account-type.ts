// A pet owner's account becomes a vet's when it lists a practice (docs/product.md section 13): the
// menu then shows the profile entries and /services the plans. Nothing else changes: the owner's
// reviews stay theirs. A vet's account stays a vet's (calling again changes nothing).
import { and, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { UserRow } from '../users/index';
import type { AccountDeps } from './account-deps';
import { recordSignInAddress } from './sign-in-addresses';

export async function listPractice(deps: AccountDeps, user: UserRow): Promise<UserRow> {
  if (user.accountType === 'vet') return user;
  const [changed] = await deps.db
    .update(users)
    .set({ accountType: 'vet', updatedAt: deps.clock.now() })
    .where(and(eq(users.id, user.id), eq(users.accountType, 'owner')))
    .returning();
  return changed ?? { ...user, accountType: 'vet' };
}

/** A session restored from a stored token counts as a sign-in from that address. */
export async function sessionRestored(deps: AccountDeps, user: UserRow, client: string): Promise<void> {
  await recordSignInAddress(deps.db, user.id, client, deps.clock.now());
}
