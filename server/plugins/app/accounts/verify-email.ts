// E-mail verification (docs/product.md, Accounts and tokens): the server sends the link at most
// once a minute per account, and a link opens a session once, only while the account's token
// version is the one it was issued with (a password change ends unused links too).
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { usedTokens, users } from '../../../db/schema';
import { verificationEmail } from '../mail/templates';
import { TokenError } from '../auth/tokens';
import { findUserById, updateUser, type UserRow } from '../users/index';
import { rateLimited, textRefusal } from '../../../lib/domain-error';
import { signIn, type AccountDeps, type SignedIn } from './account-deps';
import { countOf } from '../../../../shared/lib/formats';
import { pageUrl } from '../../../../shared/routes';
import { NEXT_PARAM, safeNextPath } from '../../../../shared/lib/next-path';

const VERIFICATION_EMAIL_INTERVAL_MS = 60_000;

/** The e-mailed link; it carries `next` only when that is a path of this site (docs/product.md section 26). */
async function verificationLink(deps: AccountDeps, user: UserRow, next: string | undefined): Promise<string> {
  const [first, second, third] = (await deps.tokens.sign(user.id, 'verify_email', user.tokenVersion)).split('.');
  const onward = safeNextPath(next);
  return pageUrl(deps.config.publicUrl, 'verifyToken', {
    query: { firstpart: first!, secondpart: second!, thirdpart: third!, ...(onward ? { [NEXT_PARAM]: onward } : {}) },
  });
}

/**
 * Claims the account's one-a-minute slot in one statement and queues the e-mail in the same
 * transaction; returns the seconds to wait when the slot is taken.
 */
async function sendIfDue(deps: AccountDeps, user: UserRow, client: string | undefined, next: string | undefined): Promise<number> {
  const link = await verificationLink(deps, user, next);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const due = new Date(now.getTime() - VERIFICATION_EMAIL_INTERVAL_MS);
    const [claimed] = await tx
      .update(users)
      .set({ lastVerificationEmailAt: now })
      .where(and(eq(users.id, user.id), or(isNull(users.lastVerificationEmailAt), lte(users.lastVerificationEmailAt, due))))
      .returning({ id: users.id });
    if (!claimed) {
      const [row] = await tx.select({ last: users.lastVerificationEmailAt }).from(users).where(eq(users.id, user.id));
      return Math.max(1, Math.ceil(((row?.last?.getTime() ?? 0) + VERIFICATION_EMAIL_INTERVAL_MS - now.getTime()) / 1000));
    }
    if (client !== undefined) await deps.sendLimits.take('verify_email', user.email, client);
    await deps.mailer.enqueue(tx, { address: user.email, name: user.firstName, kind: 'verify_email' }, verificationEmail(user.firstName, link));
    return 0;
  });
}

/** After register: the first verification e-mail (the send budget was spent by register). */
export async function sendFirstVerificationEmail(deps: AccountDeps, user: UserRow, next?: string): Promise<void> {
  await sendIfDue(deps, user, undefined, next);
}

/** 'Send again' on /verify; answers whether the account was verified already. */
export async function resendVerificationEmail(deps: AccountDeps, user: UserRow, client: string, next?: string): Promise<'sent' | 'already_verified'> {
  if (user.verify) return 'already_verified';
  const wait = await sendIfDue(deps, user, client, next);
  if (wait > 0) throw rateLimited(`We just sent you an e-mail. Please wait ${countOf(wait, 'second')} before asking for another one.`, wait);
  return 'sent';
}

/** Exchanges the token from the link for a session of the now verified account. */
export async function exchangeVerificationLink(deps: AccountDeps, token: string, client?: string): Promise<SignedIn> {
  let claims;
  try {
    claims = await deps.tokens.verify(token, 'verify_email');
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    if (error.reason === 'expired') throw textRefusal(201, 'LINK_EXPIRED', 'This verification link has expired. Please sign in and ask for a new one.');
    throw textRefusal(201, 'LINK_INVALID', 'This verification link is not valid.');
  }
  const user = await findUserById(deps.db, Number(claims.sub));
  // NOTE: the token version is compared as for session tokens (docs/security.md, row 5).
  if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) throw textRefusal(201, 'LINK_INVALID', 'This verification link is not valid.');
  const used = await deps.db
    .insert(usedTokens)
    .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
    .onConflictDoNothing()
    .returning();
  if (used.length === 0) throw textRefusal(201, 'LINK_USED', 'This verification link was already used. Please sign in.');
  const verified = user.verify ? user : await updateUser(deps.db, user.id, { verify: true, verifiedAt: deps.clock.now() }, deps.clock.now());
  return signIn(deps, verified ?? user, client);
}
