// Moderation (docs/product.md section 13): the administrators' queue, their decision (publish, reject
// or remove, with a reason; audited; the author e-mailed), and reports from signed-in accounts, the
// third of which holds a published review for them.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { profiles, reviewReports, reviews, users, type ReviewPostState } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { reviewDecisionEmail } from '../mail/templates';
import { writeAudit, type Actor } from '../audit/audit-log';
import type { UserRow } from '../users/index';
import { REVIEW_LIMITS, type ModerationDecision } from '../../../../shared/lib/review-rules';
import type { AdminReview, AdminReviewsAnswer, AdminReviewsInput, ModerateReviewInput, ReportReviewInput } from '../../../../shared/schemas/review';
import { REVIEW_MESSAGES, type ReviewDeps } from './review-deps';
import { HOLD_REASONS } from './review-screening';
import { REVIEW_MOVES } from './review-states';
import { movableNow } from '../../../lib/state-moves';
import { rowsOf } from '../../../lib/sql-rows';
import { presentAdminReview, type ReviewRow } from './review-presenter';
import { practiceName } from '../../../../shared/lib/practice-name';
import { practiceById, practiceNameColumns } from '../../../db/practice-rows';

const REPORTS_SHOWN = 10;
const doctors = alias(users, 'doctor');

/** The administrators' view of some reviews, with both accounts and the latest reports, in three queries. */
async function presentForAdmin(db: DbOrTx, rows: ReviewRow[]): Promise<AdminReview[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [people, reports] = await Promise.all([
    db
      .select({ review: reviews.id, author: users, doctor: doctors, clinicName: profiles.clinicName })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .innerJoin(doctors, eq(doctors.id, reviews.doctorId))
      .leftJoin(profiles, eq(profiles.userId, reviews.doctorId))
      .where(inArray(reviews.id, ids)),
    db
      .select({ review: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt })
      .from(reviewReports)
      .where(inArray(reviewReports.reviewId, ids))
      .orderBy(desc(reviewReports.createdAt)),
  ]);
  const byReview = new Map(people.map((p) => [p.review, p]));
  return rows.map((row) => {
    const { author, doctor, clinicName } = byReview.get(row.id)!;
    const mine = reports.filter((report) => report.review === row.id).slice(0, REPORTS_SHOWN);
    return presentAdminReview(row, author, { ...doctor, clinicName }, mine);
  });
}

export async function listForModeration(db: DbOrTx, input: AdminReviewsInput): Promise<AdminReviewsAnswer> {
  const where = eq(reviews.state, input.state);
  // Waiting longest first in the queue; the latest first in the other lists.
  const order = input.state === 'pending' ? [asc(reviews.createdAt), asc(reviews.id)] : [desc(reviews.updatedAt), desc(reviews.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { data: await presentForAdmin(db, rows), totalCount: Number(total?.n ?? 0) };
}

/** What a refused decision answers (409): the review is no longer in a state the move starts from. */
const REFUSED: Record<ModerationDecision, string> = {
  publish: 'This review is already published.',
  reject: 'Only a review waiting for moderation can be rejected; remove a published one instead.',
  remove: 'Only a published or waiting review can be removed.',
};

/**
 * One decision: the state, the audit entry and the author's e-mail in one transaction; the conditional
 * update makes two administrators deciding at once produce one decision. Publishing clears the reports,
 * so three new ones are needed to hold the review again.
 */
export async function moderateReview(deps: ReviewDeps, actor: Actor, input: ModerateReviewInput): Promise<AdminReview> {
  const reason = input.reason.trim();
  if (input.decision !== 'publish' && reason.length < REVIEW_LIMITS.moderationReasonMin)
    throw domainError(400, 'REASON_REQUIRED', REVIEW_MESSAGES.reasonRequired, { field: 'reason' });
  const rule = REVIEW_MOVES[input.decision];
  const now = deps.clock.now();
  const decided = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, input.review_id));
    if (!before) throw domainError(404, 'NOT_FOUND', REVIEW_MESSAGES.noReview, { field: 'review_id' });
    if (before.authorId === actor.id) throw domainError(403, 'OWN_REVIEW', REVIEW_MESSAGES.ownReviewModeration);
    const [after] = await tx
      .update(reviews)
      .set({
        state: rule.to,
        moderationReason: reason || null,
        moderatedAt: now,
        moderatedBy: actor.id,
        updatedAt: now,
        ...(rule.to === 'published' ? { holdReason: null, reportCount: 0 } : {}),
      })
      .where(and(eq(reviews.id, before.id), movableNow(reviews.state, REVIEW_MOVES, input.decision)))
      .returning();
    if (!after) throw domainError(409, 'NOT_ALLOWED_NOW', REFUSED[input.decision], { state: before.state });
    if (rule.to === 'published') await tx.delete(reviewReports).where(eq(reviewReports.reviewId, before.id));
    await writeAudit(tx, actor, {
      action: `review.${after.state}`,
      targetType: 'review',
      targetId: before.id,
      details: {
        reason: reason || null,
        title: before.title,
        doctor_id: before.doctorId,
        author_id: before.authorId,
        changes: { state: { from: before.state, to: after.state } },
      },
    });
    const [[author], practice] = await Promise.all([
      tx.select().from(users).where(eq(users.id, before.authorId)),
      practiceById(tx, before.doctorId, practiceNameColumns),
    ]);
    if (author) {
      const clinic = practice ? practiceName(practice) : '';
      await deps.mailer.enqueue(
        tx,
        { address: author.email, name: author.firstName, kind: `review_${after.state}` },
        reviewDecisionEmail({
          firstName: author.firstName,
          clinic,
          title: before.title,
          decision: input.decision,
          reason,
          link: deps.practiceLink(before.doctorId),
        }),
      );
    }
    return { before, after };
  });
  if (decided.before.state === 'published' || decided.after.state === 'published')
    deps.changes.announce({ kind: 'listing changed', doctorId: decided.after.doctorId });
  const [presented] = await presentForAdmin(deps.db, [decided.after]);
  return presented!;
}

/**
 * A report (any signed-in account, once per review). The report, the count and the hold are one
 * statement: however many reports arrive at once, the row lock of the UPDATE counts them one by
 * one, and the third holds the review exactly once.
 */
export async function reportReview(deps: ReviewDeps, reporter: UserRow, input: ReportReviewInput): Promise<void> {
  const [review] = await deps.db
    .select({ authorId: reviews.authorId, state: reviews.state, doctorId: reviews.doctorId })
    .from(reviews)
    .where(eq(reviews.id, input.review_id));
  if (!review || review.state !== 'published') throw domainError(404, 'NOT_FOUND', REVIEW_MESSAGES.notPublished, { field: 'review_id' });
  if (review.authorId === reporter.id) throw domainError(403, 'OWN_REVIEW', REVIEW_MESSAGES.reportOwn);
  const now = deps.clock.now();
  // The third report moves a published review to 'pending' (REVIEW_MOVES.hold), in the same statement.
  const held = sql`${movableNow(sql`state`, REVIEW_MOVES, 'hold')} AND report_count + 1 >= ${REVIEW_LIMITS.reportsToHold}`;
  const result = await deps.db.execute(sql`
    WITH reported AS (
      INSERT INTO review_reports (review_id, reporter_id, reason, created_at)
      VALUES (${input.review_id}, ${reporter.id}, ${input.reason.trim()}, ${now})
      ON CONFLICT DO NOTHING
      RETURNING review_id
    ), counted AS (
      UPDATE reviews SET
        report_count = report_count + 1,
        state = CASE WHEN ${held} THEN ${REVIEW_MOVES.hold.to} ELSE state END,
        hold_reason = CASE WHEN ${held} THEN ${HOLD_REASONS.reports} ELSE hold_reason END
      WHERE id IN (SELECT review_id FROM reported)
      RETURNING state
    )
    SELECT (SELECT count(*) FROM reported)::int AS reported, (SELECT state FROM counted) AS state`);
  const [outcome] = rowsOf<{ reported: number; state: ReviewPostState | null }>(result);
  if (!outcome || Number(outcome.reported) === 0) throw domainError(409, 'ALREADY_REPORTED', REVIEW_MESSAGES.alreadyReported);
  if (outcome.state === 'pending') deps.changes.announce({ kind: 'listing changed', doctorId: review.doctorId });
}
