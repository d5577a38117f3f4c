// When a practice's contact address counts as confirmed (docs/product.md, 5.7; decision 085): its holder
// confirmed it with the e-mailed link, or it is the account's own verified e-mail. Every answer that shows
// a profile says so (user-presenter.ts), and profiles/contact-address.ts routes messages by it.
import type { profiles, users } from '../../../db/schema';
import { normalizeEmail } from '../../../../shared/lib/email-address';

type Account = Pick<typeof users.$inferSelect, 'email' | 'verify'>;

/** An address as compared: trimmed and lower-cased; undefined when empty. */
export const normalizeAddress = (address: string | null | undefined) => (address ? normalizeEmail(address) : undefined) || undefined;

/** Whether messages may go to the address: its holder confirmed it, or it is the account's verified e-mail. */
export function isConfirmedContact(
  address: string | null | undefined,
  profile: Pick<typeof profiles.$inferSelect, 'verifiedContactEmail'> | undefined,
  account: Account,
): boolean {
  const wanted = normalizeAddress(address);
  if (!wanted) return false;
  return wanted === normalizeAddress(profile?.verifiedContactEmail) || (account.verify && wanted === normalizeAddress(account.email));
}
