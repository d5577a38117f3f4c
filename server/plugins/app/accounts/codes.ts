// Numeric codes e-mailed for password reset and newsletter confirmation (docs/product.md, Accounts
// and tokens; Newsletter): 6 digits, valid 10 minutes, 5 tries, stored hashed, made and checked by the
// one codes module (server/lib/one-time-codes.ts, decision record 128). A right reset code
// opens a 15-minute window that belongs to the browser holding its single-use reset token. Each
// function is given `now` by the caller's clock (docs/decisions/095-one-clock.md).
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { verificationCodes } from '../../../db/schema';
import { textRefusal } from '../../../lib/domain-error';
import { CODE_RULES, codeHash, codeMatches, newCode } from '../../../lib/one-time-codes';

// Both account purposes share the same rules (CODE_RULES).
export const CODE_TTL_MS = CODE_RULES.password_reset.ttlMs;
export const CODE_TRIES = CODE_RULES.password_reset.tries;
export const RESET_WINDOW_MS = 15 * 60_000;
export type CodePurpose = 'password_reset' | 'newsletter';

const hashResetToken = (token: string) => crypto.createHash('sha256').update(`reset-token:${token}`).digest('hex');

/** Creates a fresh code (older open codes for the same address stop working) and returns it. */
export async function issueCode(db: DbOrTx, email: string, purpose: CodePurpose, now: Date): Promise<string> {
  const code = newCode();
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  await db
    .insert(verificationCodes)
    .values({ email, purpose, codeHash: codeHash(purpose, email, code), expiresAt: new Date(now.getTime() + CODE_RULES[purpose].ttlMs) });
  return code;
}

export type CheckResult = { result: 'ok'; resetToken: string | undefined } | { result: 'wrong' | 'expired' | 'too_many' };

export async function checkCode(db: DbOrTx, email: string, purpose: CodePurpose, given: string | number, now: Date): Promise<CheckResult> {
  const open = and(
    eq(verificationCodes.email, email),
    eq(verificationCodes.purpose, purpose),
    isNull(verificationCodes.consumedAt),
    isNull(verificationCodes.verifiedAt),
  );
  const [latest] = await db.select().from(verificationCodes).where(open).orderBy(desc(verificationCodes.id)).limit(1);
  if (!latest || latest.expiresAt.getTime() <= now.getTime()) return { result: 'expired' };
  // NOTE: the try is counted and the limit checked in ONE statement (docs/security.md, row 2); only a
  // try that won a slot is compared, so parallel tries cannot exceed the purpose's tries.
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        lt(verificationCodes.attempts, CODE_RULES[purpose].tries),
        gt(verificationCodes.expiresAt, now),
        isNull(verificationCodes.verifiedAt),
      ),
    )
    .returning({ attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
  if (!counted) return { result: 'too_many' };
  if (!codeMatches(counted.codeHash, purpose, email, given)) return { result: counted.attempts >= CODE_RULES[purpose].tries ? 'too_many' : 'wrong' };
  const resetToken = purpose === 'password_reset' ? crypto.randomBytes(32).toString('base64url') : undefined;
  const [opened] = await db
    .update(verificationCodes)
    .set({
      verifiedAt: now,
      windowExpiresAt: resetToken ? new Date(now.getTime() + RESET_WINDOW_MS) : null,
      resetTokenHash: resetToken ? hashResetToken(resetToken) : null,
      consumedAt: resetToken ? null : now,
    })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.verifiedAt)))
    .returning({ id: verificationCodes.id });
  return opened ? { result: 'ok', resetToken } : { result: 'expired' };
}

/** Closes the reset window the token belongs to, if it is open for the address; returns whether it was. */
export async function consumeResetWindow(db: DbOrTx, email: string, resetToken: string | undefined, now: Date): Promise<boolean> {
  if (!resetToken) return false;
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, 'password_reset'),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.windowExpiresAt, now),
        eq(verificationCodes.resetTokenHash, hashResetToken(resetToken)),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

export const CODE_MESSAGES: Record<'wrong' | 'expired' | 'too_many', string> = {
  wrong: 'The code is not correct. Please check the e-mail and try again.',
  expired: 'The code has expired or was not requested. Please ask for a new one.',
  too_many: 'Too many wrong tries. Please ask for a new code.',
};

/** A refused code: the spec answers check-verify-code and check-subscribe-verify-code with 400 text (docs/product.md, The API). */
export const codeRefused = (result: keyof typeof CODE_MESSAGES) => textRefusal(400, `CODE_${result.toUpperCase()}`, CODE_MESSAGES[result]);
