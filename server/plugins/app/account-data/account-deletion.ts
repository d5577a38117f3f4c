// Deleting an account (docs/product.md section 22): the one command behind 'Delete my account' and the
// administrator's delete-user. A paid plan is cancelled with its provider first (nothing is deleted if the
// provider cannot be reached); then one transaction runs the steps other areas registered, removes what
// names the account by its e-mail address (codes, newsletter, queued and sent e-mails, messages it sent),
// its uploads, strips the personal data from the audit entries about it, deletes the account (foreign keys
// cascade to its profile, reviews, payments and every other row that references it) and queues the
// confirmation e-mail. Listing changes are announced after the commit.
import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { DbOrTx, Db } from '../../../db/client';
import {
  auditLog,
  contactMessages,
  emailOutbox,
  newsletterSubscribers,
  payments,
  profiles,
  reviews,
  uploads,
  users,
  verificationCodes,
} from '../../../db/schema';
import { domainError, DomainError } from '../../../lib/domain-error';
import { ARTICLE_IMAGES_PREFIX } from '../uploads/images';
import { clearBlockingReferences, tablesNaming } from './user-references';
import { dropDeadRows } from './data-files';
import { writeAudit, type Actor } from '../audit/audit-log';
import type { Announcer } from '../listing/changes';
import type { Mailer } from '../mail/mailer';
import { accountDeletedEmail } from '../mail/templates';
import type { UserRow } from '../users/index';
import { isAdmin } from '../auth/index';
import { normalizeEmail } from '../../../../shared/lib/email-address';

export const DELETION_MESSAGES = {
  notFound: 'There is no account with this id.',
  gone: 'This account has already been deleted.',
  deleteAdmin: 'Administrators cannot be deleted. Make them a regular user first.',
  providerDown: 'We could not cancel your paid plan with the payment provider, so nothing was deleted. Please try again in a few minutes.',
  deleted: 'Your account and its data have been deleted. We sent a confirmation to your e-mail address.',
  // An address never proven is not e-mailed (docs/product.md 22.7).
  deletedUnverified: 'Your account and its data have been deleted.',
} as const;

/** The e-mail kind of the confirmation; the outbox forgets its address once sent (mail/mailer.ts). */
export const ACCOUNT_DELETED_KIND = 'account_deleted';

/** What a deletion step is told about the account being deleted (read before anything is removed). */
export interface DeletedAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  accountType: UserRow['accountType'];
  /**
   * Whether the account proved its address. Until then rows that name the address (newsletter, messages sent
   * through contact forms, claims by e-mail) are the address's, not the account's: a step must leave them
   * (docs/product.md 22.7).
   */
  verified: boolean;
  /** 'self' for 'Delete my account', 'administrator' for delete-user. */
  by: 'self' | 'administrator';
}

/**
 * A step an area registers (fastify.accountData.onAccountDeleted): it runs inside the deletion's
 * transaction, before the account's row goes, so it still sees every row that references the account
 * (e.g. the appointments area cancels open appointments and queues an e-mail to each practice with
 * `mailer.enqueue(tx, ...)`). A throw rolls the whole deletion back.
 */
export type AccountDeletionStep = (tx: DbOrTx, account: DeletedAccount) => Promise<void>;

export interface DeletionDeps {
  db: Db;
  mailer: Mailer;
  changes: Announcer;
  steps: readonly AccountDeletionStep[];
  /** Cancels a paid plan at its provider (fastify.payments.cancel); throws a DomainError. */
  cancelPlan: (user: UserRow) => Promise<unknown>;
  now: () => Date;
  engine: 'pglite' | 'postgres';
  /** Told when the data files could not be cleaned after a committed deletion. */
  warn: (error: unknown, message: string) => void;
}

/** Keys of audit details that hold personal data; their values are replaced, the rest of the entry stays. */
const PERSONAL_KEYS = new Set([
  'email',
  'name',
  'first_name',
  'last_name',
  'clinic_name',
  'contact_email',
  'contact_phone',
  'phone',
  'street',
  'ip',
  'to',
  'address',
  'customer_id',
  'website_url',
  'website_title',
  'license_number',
  'summary',
  'author',
  // What the account wrote (a review's title and text, a message): docs/product.md 22.6.
  'title',
  'text',
  'message',
  'reply_text',
]);
/** Keys of audit details that hold an account's id; one holding the deleted account's id is removed. */
const ID_KEYS = new Set(['author_id', 'doctor_id', 'claimant_id', 'owner_id', 'user_id', 'account_id', 'restored_account_id', 'account']);

/** Whether audit details name the account by its id under one of ID_KEYS, at any depth. */
export function namesAccountId(value: unknown, userId: number): boolean {
  if (Array.isArray(value)) return value.some((item) => namesAccountId(item, userId));
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => (ID_KEYS.has(key) && String(v) === String(userId)) || namesAccountId(v, userId));
}
export const REMOVED = '[removed]';

/**
 * Audit details with personal values replaced: by key, an id key holding the account's id, and any text that
 * contains the account's address (`email` null: an unproven address, which is not the account's to remove).
 */
export function scrubDetails(value: unknown, email: string | null, userId: number, key = ''): unknown {
  if (PERSONAL_KEYS.has(key)) return REMOVED;
  if (ID_KEYS.has(key) && String(value) === String(userId)) return REMOVED;
  if (typeof value === 'string') return email && value.toLowerCase().includes(email) ? REMOVED : value;
  if (Array.isArray(value)) return value.map((item) => scrubDetails(item, email, userId));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDetails(v, email, userId, k)]));
  return value;
}

/** E-mails an address receives without any account (docs/product.md 22.7): an unverified deletion leaves them. */
const ADDRESS_KINDS = ['contact_confirmation', 'newsletter_code'];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Deletes an account and everything that names it; `actor` is the administrator, or null when the account deletes itself. */
export async function deleteAccount(deps: DeletionDeps, userId: number, actor: Actor | null): Promise<{ confirmationSent: boolean }> {
  const by = actor ? 'administrator' : 'self';
  const [before] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!before) throw domainError(404, 'NOT_FOUND', actor ? DELETION_MESSAGES.notFound : DELETION_MESSAGES.gone);
  if (isAdmin(before)) throw domainError(409, 'IS_ADMIN', DELETION_MESSAGES.deleteAdmin);

  // A paid plan ends with its provider first: an account must not be deleted while it is still being charged.
  const [payment] = await deps.db.select().from(payments).where(eq(payments.userId, userId));
  if (payment && payment.status === 'active' && payment.plan > 0) {
    try {
      await deps.cancelPlan(before);
    } catch (error) {
      const known = error instanceof DomainError && (error.code === 'NO_PLAN' || error.code === 'ALREADY_CANCELING');
      if (!known) throw domainError(502, 'PROVIDER_ERROR', DELETION_MESSAGES.providerDown);
    }
  }

  const { reviewed, verified, touched } = await deps.db.transaction(async (tx) => {
    // The row lock makes parallel deletions of one account wait; the later ones find nothing and change nothing.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw domainError(404, 'NOT_FOUND', actor ? DELETION_MESSAGES.notFound : DELETION_MESSAGES.gone);
    const email = normalizeEmail(user.email);
    const verified = user.verify;
    const account: DeletedAccount = {
      id: user.id,
      email,
      firstName: user.firstName,
      lastName: user.lastName,
      accountType: user.accountType,
      verified,
      by,
    };
    // The tables whose files hold the account's rows after this transaction, as dead rows (docs/product.md 22.6).
    const touched = new Set([...(await tablesNaming(tx, user.id)), 'users', 'audit_log', 'email_outbox', 'verification_codes']);
    if (verified) for (const table of ['newsletter_subscribers', 'contact_messages']) touched.add(table);
    for (const step of deps.steps) await step(tx, account);

    const [profile] = await tx.select({ avatarKey: profiles.avatarKey }).from(profiles).where(eq(profiles.userId, user.id));
    // Article images a former administrator uploaded belong to the articles and stay (docs/product.md 6.6).
    const removedUploads = await tx
      .delete(uploads)
      .where(
        or(
          and(eq(uploads.ownerId, user.id), not(sql`${uploads.key} like ${`${escapeLike(ARTICLE_IMAGES_PREFIX)}%`}`)),
          profile?.avatarKey ? sql`${uploads.key} like ${`${escapeLike(profile.avatarKey)}%`}` : sql`false`,
        ),
      )
      .returning({ key: uploads.key });
    if (removedUploads.length > 0) touched.add('uploads');
    // Rows selected by address go only when the account proved the address (docs/product.md 22.7): before that,
    // the newsletter, the messages sent and the e-mails about them are whoever holds the address's.
    if (verified) {
      await tx.delete(verificationCodes).where(eq(verificationCodes.email, email));
      await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
      // E-mails to the account, sent or not, and those whose answers would go to it (its contact messages).
      await tx.delete(emailOutbox).where(or(sql`lower(${emailOutbox.toAddress}) = ${email}`, sql`lower(${emailOutbox.replyTo}) = ${email}`));
      // Messages it sent through practices' contact forms: each practice already received it by e-mail.
      await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
    } else {
      // Only what exists because of the account: its password-reset codes and the e-mails about the account itself.
      await tx.delete(verificationCodes).where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, 'password_reset')));
      await tx.delete(emailOutbox).where(and(sql`lower(${emailOutbox.toAddress}) = ${email}`, not(inArray(emailOutbox.kind, ADDRESS_KINDS))));
    }

    // The audit log stays (docs/product.md section 22): who did what, when; the account's personal data goes.
    const entries = await tx
      .select({ id: auditLog.id, actorId: auditLog.actorId, targetType: auditLog.targetType, targetId: auditLog.targetId, details: auditLog.details })
      .from(auditLog)
      .where(
        or(
          eq(auditLog.actorId, user.id),
          and(inArray(auditLog.targetType, ['user', 'profile']), eq(auditLog.targetId, String(user.id))),
          verified ? sql`lower(${auditLog.details}::text) like ${`%${escapeLike(email)}%`}` : sql`false`,
          // Entries about its reviews, claims, appointments name it by id in their details (docs/product.md 22.6).
          sql`${auditLog.details}::text ~ ${`[^0-9]${user.id}([^0-9]|$)`}`,
        ),
      );
    for (const entry of entries) {
      const about =
        entry.actorId === user.id ||
        (['user', 'profile'].includes(entry.targetType) && entry.targetId === String(user.id)) ||
        namesAccountId(entry.details, user.id) ||
        (verified && JSON.stringify(entry.details).toLowerCase().includes(email));
      if (!about) continue;
      await tx
        .update(auditLog)
        .set({
          details: scrubDetails(entry.details, verified ? email : null, user.id) as Record<string, unknown>,
          // The account's own network addresses; an administrator's address on an entry about it is the administrator's.
          ...(entry.actorId === user.id ? { ip: null } : {}),
        })
        .where(eq(auditLog.id, entry.id));
    }

    // The practices it rated change when its published reviews go with it (docs/product.md section 13).
    const reviewedPractices = await tx
      .selectDistinct({ doctorId: reviews.doctorId })
      .from(reviews)
      .where(and(eq(reviews.authorId, user.id), eq(reviews.state, 'published')));
    // A table added by another area whose key to users neither cascades nor sets null must not block the deletion.
    await clearBlockingReferences(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    await writeAudit(tx, actor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: user.id,
      details: { by, account_type: user.accountType, removed: { uploads: removedUploads.length } },
    });
    // An unproven address is not told: its holder may never have had an account (docs/product.md 22.7).
    if (verified) await deps.mailer.enqueue(tx, { address: email, kind: ACCOUNT_DELETED_KIND }, accountDeletedEmail(by === 'administrator'));
    return { reviewed: reviewedPractices.map((row) => row.doctorId), verified, touched };
  });
  // The confirmation is sent now, so the outbox has forgotten its address before the files are cleaned.
  try {
    if (verified) await deps.mailer.processDue();
    await dropDeadRows(deps.db, deps.engine, touched);
  } catch (error) {
    deps.warn(error, 'the deleted account could not be vacuumed out of the data files');
  }
  deps.changes.announce({ kind: 'listing changed', doctorId: userId });
  for (const doctorId of reviewed) deps.changes.announce({ kind: 'listing changed', doctorId });
  return { confirmationSent: verified };
}
