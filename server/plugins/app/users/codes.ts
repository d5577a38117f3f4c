// Numeric codes e-mailed for password reset and newsletter confirmation (docs/product.md, Accounts and tokens; Newsletter):
// 6 digits, valid 10 minutes, 5 tries, stored hashed. A right reset code opens a 15-minute window
// for change-password.
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { verificationCodes } from '../../../db/schema';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
export const RESET_WINDOW_MS = 15 * 60_000;
type Purpose = 'password_reset' | 'newsletter';

const hashCode = (email: string, purpose: Purpose, code: string) => crypto.createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');

/** Creates a fresh code (older open codes for the same address stop working) and returns it. */
export async function issueCode(db: DbOrTx, email: string, purpose: Purpose): Promise<string> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  await db.insert(verificationCodes).values({ email, purpose, codeHash: hashCode(email, purpose, code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  return code;
}

export type CheckResult = 'ok' | 'wrong' | 'expired' | 'too_many';

export async function checkCode(db: DbOrTx, email: string, purpose: Purpose, given: string | number): Promise<CheckResult> {
  const code = String(given).trim().padStart(6, '0');
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt), isNull(verificationCodes.verifiedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) return 'expired';
  if (row.attempts >= CODE_TRIES) return 'too_many';
  const matches = crypto.timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(hashCode(email, purpose, code)));
  if (!matches) {
    await db.update(verificationCodes).set({ attempts: row.attempts + 1 }).where(eq(verificationCodes.id, row.id));
    return row.attempts + 1 >= CODE_TRIES ? 'too_many' : 'wrong';
  }
  const now = new Date();
  await db
    .update(verificationCodes)
    .set({ verifiedAt: now, windowExpiresAt: purpose === 'password_reset' ? new Date(now.getTime() + RESET_WINDOW_MS) : null, consumedAt: purpose === 'newsletter' ? now : null })
    .where(eq(verificationCodes.id, row.id));
  return 'ok';
}

/** Closes the reset window if one is open for the address; returns whether one was. */
export async function consumeResetWindow(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, 'password_reset'), isNull(verificationCodes.consumedAt), gt(verificationCodes.windowExpiresAt, new Date())))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

export const CODE_MESSAGES: Record<Exclude<CheckResult, 'ok'>, string> = {
  wrong: 'The code is not correct. Please check the e-mail and try again.',
  expired: 'The code has expired or was not requested. Please ask for a new one.',
  too_many: 'Too many wrong tries. Please ask for a new code.',
};
