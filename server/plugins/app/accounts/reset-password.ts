// Password reset (docs/product.md, Accounts and tokens): an e-mailed code, then a 15-minute window
// that belongs to the browser that entered the code (its single-use reset token), then the change,
// which ends every session of the account.
import { eq } from 'drizzle-orm';
import { passwordProblem } from '../../../../shared/lib/password-policy';
import { users } from '../../../db/schema';
import { hashPassword } from '../../../lib/password';
import { codeEmail } from '../mail/templates';
import { bumpTokenVersion, findUserByEmail } from '../users/index';
import { domainError } from '../../../lib/domain-error';
import type { AccountDeps } from './account-deps';
import { checkCode, codeRefused, consumeResetWindow, issueCode } from './codes';
import { normalizeEmail } from '../../../../shared/lib/email-address';

/**
 * Spends the send budgets, then answers; the code is made and e-mailed after the answer has gone,
 * so the answer takes the same time whether or not the address has an account (docs/security.md, row 12).
 */
export async function requestResetCode(deps: AccountDeps, given: string, client: string): Promise<void> {
  const email = normalizeEmail(given);
  await deps.sendLimits.take('password_reset', email, client);
  deps.later(async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.status !== 'active') return;
    await deps.db.transaction(async (tx) => {
      const code = await issueCode(tx, email, 'password_reset', deps.clock.now());
      await deps.mailer.enqueue(tx, { address: email, name: user.firstName, kind: 'password_reset' }, codeEmail('password_reset', code));
    });
  });
}

/** A right code opens the window; the returned reset token must come back with change-password. */
export async function checkResetCode(deps: AccountDeps, given: string, code: string | number): Promise<string> {
  const checked = await checkCode(deps.db, normalizeEmail(given), 'password_reset', code, deps.clock.now());
  if (checked.result !== 'ok') throw codeRefused(checked.result);
  return checked.resetToken!;
}

export async function changePassword(deps: AccountDeps, given: string, password: string, resetToken: string | undefined): Promise<void> {
  const email = normalizeEmail(given);
  const problem = await passwordProblem(password, email);
  if (problem) throw domainError(400, 'WEAK_PASSWORD', problem);
  // The window is checked (and used up) before any hashing (docs/security.md, row 12); the
  // transaction gives it back if the change fails.
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await consumeResetWindow(tx, email, resetToken, deps.clock.now()))) return false;
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
    await bumpTokenVersion(tx, user.id, deps.clock.now()); // ends every session and every unused verification link
    return true;
  });
  if (!changed) throw domainError(403, 'NO_RESET_WINDOW', 'Please confirm the code we e-mailed you before choosing a new password.');
  await deps.loginThrottle.clearAccount(email);
}
