// Profile approval by an administrator (docs/product.md, Profile and review): the queue of submitted profiles,
// and one decision that changes the state, e-mails the vet and writes the audit log in one transaction.
// ("Review" means only an owner's review of a practice, plugins/app/reviews.)
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { auditLog, payments, profiles, users } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import type { Mailer } from '../mail/mailer';
import { profileApprovedEmail, profileRejectedEmail } from '../mail/templates';
import type { ReviewProfileInput, ReviewQueueInput } from '../../../../shared/schemas/profile';
import { REVIEW_REASON_MIN } from '../../../../shared/lib/profile-rules';
import type { ReviewQueueAnswer } from '../../../../shared/schemas/admin';
import type { ReviewedUser } from '../../../../shared/schemas/user';
import { writeAudit } from '../audit/audit-log';
import { presentReviewedUser, type UserRow } from '../users/index';
import type { Announcer } from '../listing/changes';
import { isAdmin } from '../auth/index';
import { movableNow } from '../../../lib/state-moves';
import { PROFILE_REVIEW_MOVES } from './review-states';

const RECENT_CHANGES = 10;

export async function listApprovalQueue(db: DbOrTx, input: ReviewQueueInput, now: Date): Promise<ReviewQueueAnswer> {
  const where = eq(users.reviewState, input.state);
  // Waiting longest first for the queue; newest decision first for the approved and rejected lists.
  const order = input.state === 'pending' ? [sql`${users.submitAt} asc nulls last`, users.id] : [desc(users.reviewedAt), users.id];
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, profile: profiles, payment: payments })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(payments, eq(payments.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const ids = rows.map((r) => String(r.user.id));
  const history = ids.length
    ? await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'profile'), eq(auditLog.action, 'profile.changed'), inArray(auditLog.targetId, ids)))
        .orderBy(desc(auditLog.createdAt))
    : [];
  const data = rows.map(({ user, profile, payment }) => {
    const since = user.reviewedAt?.getTime() ?? 0;
    const changes = history
      .filter((h) => h.targetId === String(user.id) && h.createdAt.getTime() > since)
      .slice(0, RECENT_CHANGES)
      .map((h) => {
        const details = h.details as { section?: string; changes?: Record<string, { from: unknown; to: unknown }> };
        return { at: h.createdAt.toISOString(), section: details.section ?? '', fields: Object.keys(details.changes ?? {}), changes: details.changes ?? {} };
      });
    return { user: presentReviewedUser(user, now, payment, profile), changes };
  });
  return { data, totalCount: Number(total?.n ?? 0) };
}

export const APPROVAL_MESSAGES = {
  reasonRequired: `Please give the vet a reason for the rejection (at least ${REVIEW_REASON_MIN} characters).`,
  notFound: 'There is no vet account with this id.',
  notInReview: 'This profile is not waiting for review.',
  notSubmittedOrListed: 'Only a profile in review or an approved profile can be rejected.',
} as const;

/**
 * Approves a profile in review, or rejects one in review or already approved (taking it out of
 * search). The state change, the e-mail (outbox) and the audit entry share one transaction; the
 * conditional update makes two administrators deciding at once produce one decision.
 */
export async function decideProfileApproval(
  db: DbOrTx,
  mailer: Mailer,
  announcer: Announcer,
  admin: UserRow,
  input: ReviewProfileInput,
  links: { viewProfile: string; setupProfile: string },
  ip: string,
  now: Date,
): Promise<ReviewedUser> {
  const reason = input.reason.trim();
  if (input.decision === 'reject' && reason.length < REVIEW_REASON_MIN)
    throw domainError(400, 'REASON_REQUIRED', APPROVAL_MESSAGES.reasonRequired, { field: 'reason' });
  const decided = await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, input.user_id));
    if (!target || isAdmin(target)) throw domainError(404, 'NOT_FOUND', APPROVAL_MESSAGES.notFound);
    const [updated] = await tx
      .update(users)
      .set({
        reviewState: PROFILE_REVIEW_MOVES[input.decision].to,
        reviewReason: input.decision === 'approve' ? reason || null : reason,
        reviewedAt: now,
        reviewedBy: admin.id,
        updatedAt: now,
      })
      .where(and(eq(users.id, target.id), movableNow(users.reviewState, PROFILE_REVIEW_MOVES, input.decision)))
      .returning();
    if (!updated)
      throw domainError(409, 'NOT_IN_REVIEW', input.decision === 'approve' ? APPROVAL_MESSAGES.notInReview : APPROVAL_MESSAGES.notSubmittedOrListed, {
        review_state: target.reviewState,
      });
    // The website an administrator approved is the one a claim by e-mail trusts from now on (docs/product.md 20.8).
    if (input.decision === 'approve')
      await tx
        .update(profiles)
        .set({ reviewedWebsiteUrl: sql`${profiles.websiteUrl}` })
        .where(eq(profiles.userId, target.id));
    await writeAudit(
      tx,
      { id: admin.id, ip: ip || null },
      {
        action: input.decision === 'approve' ? 'profile.approved' : 'profile.rejected',
        targetType: 'profile',
        targetId: target.id,
        details: { reason: reason || null, changes: { review_state: { from: target.reviewState, to: updated.reviewState } } },
      },
    );
    const mail =
      input.decision === 'approve'
        ? profileApprovedEmail(target.firstName, links.viewProfile)
        : profileRejectedEmail(target.firstName, reason, links.setupProfile);
    await mailer.enqueue(tx, { address: target.email, name: target.firstName, kind: `profile_${updated.reviewState}` }, mail);
    const [[payment], [profile]] = await Promise.all([
      tx.select().from(payments).where(eq(payments.userId, target.id)),
      tx.select().from(profiles).where(eq(profiles.userId, target.id)),
    ]);
    return presentReviewedUser(updated, now, payment, profile);
  });
  // Approval lists the vet and rejection unlists it: search and the vet's page must show it at once.
  announcer.announce({ kind: 'listing changed', doctorId: input.user_id });
  return decided;
}
