// Newsletter subscription by e-mailed code, and unsubscribing (docs/product.md, Newsletter).
// Newsletter codes spend their own send budget, never the password reset's (docs/security.md, row 6).
import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../db/schema';
import { codeEmail } from '../mail/templates';
import { domainError, textRefusal } from '../../../lib/domain-error';
import type { AccountDeps } from './account-deps';
import { checkCode, codeRefused, issueCode } from './codes';
import { normalizeEmail } from '../../../../shared/lib/email-address';
import { pageUrl } from '../../../../shared/routes';

/** The page a person opens from the e-mail (it asks before unsubscribing), and the RFC 8058 one-click URL. */
export function unsubscribeLinks(publicUrl: string, token: string) {
  return { page: pageUrl(publicUrl, 'unsubscribe', { query: { token } }), oneClick: `${publicUrl}/api/newsletter/unsubscribe?token=${token}` };
}

export async function requestSubscription(deps: AccountDeps, given: string, client: string): Promise<void> {
  const email = normalizeEmail(given);
  const { db } = deps;
  const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  if (existing?.status === 'confirmed') throw textRefusal(409, 'ALREADY_SUBSCRIBED', 'This e-mail is already subscribed.');
  await deps.sendLimits.take('newsletter', email, client);
  const unsubscribeToken = existing?.unsubscribeToken ?? crypto.randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    if (existing) await tx.update(newsletterSubscribers).set({ status: 'pending', unsubscribedAt: null }).where(eq(newsletterSubscribers.id, existing.id));
    else await tx.insert(newsletterSubscribers).values({ email, unsubscribeToken }).onConflictDoNothing();
    const code = await issueCode(tx, email, 'newsletter', deps.clock.now());
    await deps.mailer.enqueue(
      tx,
      { address: email, kind: 'newsletter_code' },
      codeEmail('newsletter', code, unsubscribeLinks(deps.config.publicUrl, unsubscribeToken)),
    );
  });
}

export async function confirmSubscription(deps: AccountDeps, given: string, code: string | number): Promise<void> {
  const email = normalizeEmail(given);
  const checked = await checkCode(deps.db, email, 'newsletter', code, deps.clock.now());
  if (checked.result !== 'ok') throw codeRefused(checked.result);
  await deps.db.update(newsletterSubscribers).set({ status: 'confirmed', confirmedAt: deps.clock.now() }).where(eq(newsletterSubscribers.email, email));
}

/** Unsubscribes the holder of the token; unknown tokens are refused. */
export async function unsubscribe(deps: AccountDeps, token: string): Promise<void> {
  const [row] = await deps.db
    .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  if (!row) throw domainError(404, 'NOT_FOUND', 'This unsubscribe link is not valid. If you keep receiving e-mails, write to hello@animaldoctor.app.');
  await deps.db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: deps.clock.now() })
    .where(and(eq(newsletterSubscribers.id, row.id), ne(newsletterSubscribers.status, 'unsubscribed')));
}
