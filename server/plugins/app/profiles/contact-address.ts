// A practice's contact address (docs/product.md, 5.7; decision 085): contact-form messages go to it
// only once its holder confirmed it with the signed, single-use link e-mailed to it. Until then they
// go to the account's own verified e-mail. An address equal to that verified e-mail counts as
// confirmed. Whoever holds the link confirms; a session proves nothing about the address.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client';
import { profiles, usedTokens } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { contactAddressEmail } from '../mail/templates';
import { TokenError } from '../auth/tokens';
import { findUserById, isConfirmedContact, normalizeAddress as normalize, type UserRow } from '../users/index';
import { pageUrl } from '../../../../shared/routes';

type Account = Pick<UserRow, 'email' | 'verify'>;
type ContactColumns = { contactEmail: string | null; verifiedContactEmail: string | null };

/**
 * Where a contact message's e-mail goes: the confirmed contact address, else the account's verified
 * e-mail; undefined when neither (the message is still kept and listed on /viewprofile).
 */
export function messageRecipient(profile: ContactColumns, account: Account): string | undefined {
  if (isConfirmedContact(profile.contactEmail, profile, account)) return normalize(profile.contactEmail);
  return account.verify ? account.email : undefined;
}

/** The sentence the vet reads while the contact address waits for its holder (web shows the same). */
export const linkSentMessage = (address: string) =>
  `We sent a link to ${address}. Contact form messages go there once it is confirmed; until then they go to your account's e-mail.`;

/** Queues the confirmation link for the address (in the caller's transaction). */
async function queueLink(fastify: FastifyInstance, tx: DbOrTx, user: UserRow, address: string): Promise<void> {
  const token = await fastify.tokens.sign(user.id, 'verify_contact', user.tokenVersion, { email: address });
  const link = pageUrl(fastify.config.publicUrl, 'verifyContact', { query: { token } });
  await fastify.mailer.enqueue(tx, { address, kind: 'contact_address' }, contactAddressEmail(link));
}

/**
 * For a save that sets the contact e-mail: when the address is new and not confirmed, spends the
 * send budget now (a refusal changes nothing) and returns the step that queues the link inside the
 * save's transaction. Saving the same address again sends nothing (the vet asks with sendContactLink).
 */
export async function contactLinkForSave(
  fastify: FastifyInstance,
  user: UserRow,
  before: ContactColumns | undefined,
  newAddress: string | null | undefined,
  client: string,
): Promise<((tx: DbOrTx) => Promise<void>) | undefined> {
  const address = normalize(newAddress);
  if (!address || address === normalize(before?.contactEmail) || isConfirmedContact(address, before, user)) return undefined;
  await fastify.accounts.sendLimits.take('contact_address', address, client);
  return (tx) => queueLink(fastify, tx, user, address);
}

/** 'Send the link again' from the profile: answers the sentence the vet reads. */
export async function sendContactLink(fastify: FastifyInstance, user: UserRow, client: string): Promise<string> {
  const { db } = fastify.database;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  const address = normalize(profile?.contactEmail);
  if (!address) throw domainError(400, 'NO_CONTACT_EMAIL', 'Please enter a contact e-mail in your profile first.');
  if (isConfirmedContact(address, profile, user)) throw domainError(409, 'ALREADY_CONFIRMED', `Your contact e-mail ${address} is already confirmed.`);
  await fastify.accounts.sendLimits.take('contact_address', address, client);
  await queueLink(fastify, db, user, address);
  return linkSentMessage(address);
}

const LINK_INVALID = 'This confirmation link is not valid. The practice can send a new one from its profile.';

/**
 * Confirms the address the link names, once: the token must be ours, unexpired and unused, the
 * account active with the token's version, and the address still the practice's contact e-mail.
 */
export async function confirmContactAddress(fastify: FastifyInstance, token: string): Promise<string> {
  let claims;
  try {
    claims = await fastify.tokens.verify(token, 'verify_contact');
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    if (error.reason === 'expired')
      throw domainError(400, 'LINK_EXPIRED', 'This confirmation link has expired. The practice can send a new one from its profile.');
    throw domainError(400, 'LINK_INVALID', LINK_INVALID);
  }
  const address = claims.email!;
  const { db } = fastify.database;
  const user = await findUserById(db, Number(claims.sub));
  if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) throw domainError(400, 'LINK_INVALID', LINK_INVALID);
  await db.transaction(async (tx) => {
    const used = await tx
      .insert(usedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing()
      .returning();
    if (used.length === 0) throw domainError(400, 'LINK_USED', 'This confirmation link was already used.');
    const [confirmed] = await tx
      .update(profiles)
      .set({ verifiedContactEmail: address })
      .where(and(eq(profiles.userId, user.id), sql`lower(trim(${profiles.contactEmail})) = ${address}`))
      .returning({ userId: profiles.userId });
    if (!confirmed) throw domainError(400, 'LINK_STALE', 'This link is for an address the practice no longer uses. Nothing was changed.');
  });
  return `Thank you. ${address} is confirmed: messages from the practice's contact form will come here.`;
}
