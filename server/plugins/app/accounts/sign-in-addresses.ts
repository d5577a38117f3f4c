// The client addresses each account signed in from, with the last time (docs/product.md section 13):
// a review written from an address the practice's own account used in the last 30 days is held for an
// administrator. Written at sign-up, sign-in, the verification link and a restored session; one row per
// account and address, so the table grows with addresses, not with sign-ins.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { signInAddresses } from '../../../db/schema';

export async function recordSignInAddress(db: DbOrTx, userId: number, ip: string | undefined, at: Date): Promise<void> {
  if (!ip) return;
  await db
    .insert(signInAddresses)
    .values({ userId, ip, lastAt: at })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.ip], set: { lastAt: sql`greatest(${signInAddresses.lastAt}, excluded.last_at)` } });
}
