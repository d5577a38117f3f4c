// Account settings (docs/product.md section 25): the name, the e-mail address (taken only when the link
// sent to the new address is followed), the password (other sessions end, this one gets a fresh token)
// and the e-mail preferences. A wrong current password counts like a failed sign-in (login-throttle.ts).
import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { passwordProblem } from '../../../../shared/lib/password-policy';
import type { AccountSettings, NotificationSettings } from '../../../../shared/schemas/account-settings';
import { newsletterSubscribers, usedTokens, users } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { isUniqueViolation } from '../../../lib/sql-rows';
import { domainError } from '../../../lib/domain-error';
import { TokenError } from '../auth/tokens';
import { normalizeEmail } from '../../../../shared/lib/email-address';
import { bumpTokenVersion, findUserByEmail, findUserById, loadPresentedUser, updateUser, type UserRow } from '../users/index';
import { signIn, type AccountDeps } from './account-deps';
import { emailChangeLinkEmail, emailChangeNoticeEmail, passwordChangedEmail } from './settings-emails';

export const SETTINGS_MESSAGES = {
  wrongPassword: 'That password is not right. Enter the password you sign in with.',
  sameEmail: 'That is already the e-mail address of your account.',
  emailTaken: 'Another account already uses this e-mail address.',
  linkExpired: 'This link has expired. Ask for the change again on your Account settings page.',
  linkInvalid: 'This link is not valid. Ask for the change again on your Account settings page.',
  linkUsed: 'This link was already used.',
  linkReplaced: 'This link is no longer valid: a newer change of address was asked for, or the password was changed since.',
  newsletterNeedsVerified: 'Please verify your e-mail address before subscribing to the newsletter.',
  blankName: (field: 'first_name' | 'last_name') => (field === 'first_name' ? 'Enter your first name.' : 'Enter your last name.'),
} as const;

async function newsletterConfirmed(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row?.status === 'confirmed';
}

/** The settings as /api/user/settings answers them. */
export async function readSettings(deps: AccountDeps, userId: number): Promise<AccountSettings> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw domainError(401, 'UNAUTHENTICATED', 'Please sign in again.');
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    pending_email: user.pendingEmail,
    notifications: {
      newsletter: await newsletterConfirmed(deps.db, user.email),
      reminders: user.emailReminders,
      review_invitations: user.emailReviewInvitations,
      request_updates: user.emailRequestUpdates,
      message_emails: user.emailMessages,
    },
  };
}

/** Checks the account's password behind the sign-in throttle; a wrong one is a failed sign-in. */
async function checkOwnPassword(deps: AccountDeps, user: UserRow, password: string, field: string, client: string): Promise<UserRow> {
  await deps.loginThrottle.reserve(user.email, client);
  const current = await findUserById(deps.db, user.id);
  if (!current || !(await verifyPassword(current.passwordHash, password))) throw domainError(400, 'WRONG_PASSWORD', SETTINGS_MESSAGES.wrongPassword, { field });
  await deps.loginThrottle.succeeded(user.email, client);
  return current;
}

export async function changeName(deps: AccountDeps, user: UserRow, given: { first_name: string; last_name: string }): Promise<AccountSettings> {
  const firstName = given.first_name.trim();
  const lastName = given.last_name.trim();
  if (!firstName) throw domainError(400, 'VALIDATION_ERROR', SETTINGS_MESSAGES.blankName('first_name'), { field: 'first_name' });
  if (!lastName) throw domainError(400, 'VALIDATION_ERROR', SETTINGS_MESSAGES.blankName('last_name'), { field: 'last_name' });
  await updateUser(deps.db, user.id, { firstName, lastName }, deps.clock.now());
  // A vet's name is shown on the listing (docs/decisions/093-one-listing-module.md).
  if (user.accountType === 'vet') deps.listingChanged(user.id);
  return readSettings(deps, user.id);
}

/**
 * Sends the link to the new address and tells the old one; the address itself changes only in
 * confirmEmailChange. Only the newest link can complete the change (users.pending_email_jti).
 */
export async function requestEmailChange(
  deps: AccountDeps,
  user: UserRow,
  given: { email: string; password: string },
  client: string,
): Promise<AccountSettings> {
  const current = await checkOwnPassword(deps, user, given.password, 'password', client);
  const email = normalizeEmail(given.email);
  if (email === current.email) throw domainError(400, 'SAME_EMAIL', SETTINGS_MESSAGES.sameEmail, { field: 'email' });
  if (await findUserByEmail(deps.db, email)) throw domainError(409, 'EMAIL_TAKEN', SETTINGS_MESSAGES.emailTaken, { field: 'email' });
  await deps.sendLimits.take('email_change', email, client);
  const token = await deps.tokens.sign(current.id, 'change_email', current.tokenVersion, { email });
  const { jti } = await deps.tokens.verify(token, 'change_email');
  const link = `${deps.config.publicUrl}/account/email?${new URLSearchParams({ token })}`;
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ pendingEmail: email, pendingEmailJti: jti }).where(eq(users.id, current.id));
    await deps.mailer.enqueue(tx, { address: email, name: current.firstName, kind: 'email_change' }, emailChangeLinkEmail(current.firstName, email, link));
    await deps.mailer.enqueue(
      tx,
      { address: current.email, name: current.firstName, kind: 'email_change_notice' },
      emailChangeNoticeEmail(current.firstName, email, 'requested'),
    );
  });
  return readSettings(deps, current.id);
}

/** Follows the link: the new address becomes the account's (and verified) if it is still free. */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<{ email: string }> {
  let claims;
  try {
    claims = await deps.tokens.verify(token, 'change_email');
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    if (error.reason === 'expired') throw domainError(400, 'LINK_EXPIRED', SETTINGS_MESSAGES.linkExpired);
    throw domainError(400, 'LINK_INVALID', SETTINGS_MESSAGES.linkInvalid);
  }
  const email = claims.email!;
  const user = await findUserById(deps.db, Number(claims.sub));
  if (!user || user.status !== 'active') throw domainError(400, 'LINK_INVALID', SETTINGS_MESSAGES.linkInvalid);
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const used = await tx
        .insert(usedTokens)
        .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing()
        .returning();
      if (used.length === 0) throw domainError(400, 'LINK_USED', SETTINGS_MESSAGES.linkUsed);
      // NOTE: the token version is compared as for session tokens: a password change since ends the link.
      if (user.tokenVersion !== claims.ver) throw domainError(400, 'LINK_REPLACED', SETTINGS_MESSAGES.linkReplaced);
      if (await findUserByEmail(tx, email)) throw domainError(409, 'EMAIL_TAKEN', SETTINGS_MESSAGES.emailTaken);
      const [changed] = await tx
        .update(users)
        .set({ email, pendingEmail: null, pendingEmailJti: null, verify: true, verifiedAt: user.verify ? user.verifiedAt : now, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.pendingEmailJti, claims.jti), eq(users.tokenVersion, claims.ver)))
        .returning({ id: users.id });
      if (!changed) throw domainError(400, 'LINK_REPLACED', SETTINGS_MESSAGES.linkReplaced);
      // The newsletter subscription follows the account to its new address, unless that address has its own.
      await tx
        .update(newsletterSubscribers)
        .set({ email })
        .where(and(eq(newsletterSubscribers.email, user.email), sql`NOT EXISTS (SELECT 1 FROM newsletter_subscribers other WHERE other.email = ${email})`));
      await deps.mailer.enqueue(
        tx,
        { address: user.email, name: user.firstName, kind: 'email_change_notice' },
        emailChangeNoticeEmail(user.firstName, email, 'changed'),
      );
    });
  } catch (error) {
    // Another account took the address between the check and the update (users_email_key).
    if (isUniqueViolation(error)) throw domainError(409, 'EMAIL_TAKEN', SETTINGS_MESSAGES.emailTaken);
    throw error;
  }
  return { email };
}

/** A new password: every session of the account ends, and this one continues with the fresh token returned. */
export async function changeOwnPassword(
  deps: AccountDeps,
  user: UserRow,
  given: { current_password: string; new_password: string },
  client: string,
): Promise<{ token: string; user: Awaited<ReturnType<typeof loadPresentedUser>> }> {
  const problem = await passwordProblem(given.new_password, user.email);
  if (problem) throw domainError(400, 'WEAK_PASSWORD', problem, { field: 'new_password' });
  const current = await checkOwnPassword(deps, user, given.current_password, 'current_password', client);
  const passwordHash = await hashPassword(given.new_password);
  const changed = await deps.db.transaction(async (tx) => {
    // The pending e-mail change goes too: its link carries the old token version.
    await tx.update(users).set({ passwordHash, pendingEmail: null, pendingEmailJti: null }).where(eq(users.id, current.id));
    await bumpTokenVersion(tx, current.id, deps.clock.now()); // ends every other session and every unused link
    await deps.mailer.enqueue(tx, { address: current.email, name: current.firstName, kind: 'password_changed' }, passwordChangedEmail(current.firstName));
    return findUserById(tx, current.id);
  });
  await deps.loginThrottle.clearAccount(current.email);
  const { token, user: signedIn } = await signIn(deps, changed!, client);
  return { token, user: await loadPresentedUser(deps.db, signedIn, deps.clock.now()) };
}

/**
 * Stores the preferences. The newsletter is the subscription of the account's (verified) address:
 * on confirms it at once (the address is proven), off unsubscribes it.
 */
export async function changeNotifications(deps: AccountDeps, user: UserRow, given: NotificationSettings): Promise<AccountSettings> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        emailReminders: given.reminders,
        emailReviewInvitations: given.review_invitations,
        emailRequestUpdates: given.request_updates,
        emailMessages: given.message_emails,
      })
      .where(eq(users.id, user.id));
    if (given.newsletter === (await newsletterConfirmed(tx, user.email))) return;
    if (given.newsletter) {
      if (!user.verify) throw domainError(403, 'NOT_VERIFIED', SETTINGS_MESSAGES.newsletterNeedsVerified, { field: 'newsletter' });
      await tx
        .insert(newsletterSubscribers)
        .values({ email: user.email, status: 'confirmed', confirmedAt: now, unsubscribeToken: crypto.randomBytes(24).toString('base64url') })
        .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { status: 'confirmed', confirmedAt: now, unsubscribedAt: null } });
    } else {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: now })
        .where(and(eq(newsletterSubscribers.email, user.email), ne(newsletterSubscribers.status, 'unsubscribed')));
    }
  });
  return readSettings(deps, user.id);
}
