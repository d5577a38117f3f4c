// The author's calls (docs/product.md section 13): write a review of a listed practice (one per
// account and practice, never one's own), edit it (screened again), delete it, and list one's own.
// Refusals change nothing. A write that changes what the public sees announces 'listing changed'.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { completedVisits, reviews } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { isListed } from '../listing/listing-rule';
import type { UserRow } from '../users/index';
import { REVIEW_LIMITS, visitMonthProblem } from '../../../../shared/lib/review-rules';
import type { CreateReviewInput, OwnReviewsAnswer, ReviewWriteAnswer, UpdateReviewInput } from '../../../../shared/schemas/review';
import { REVIEW_MESSAGES, type ReviewDeps } from './review-deps';
import { HOLD_REASONS, screenReview } from './review-screening';
import { presentOwnReview } from './review-presenter';
import { clinicOrPracticeName } from '../../../../shared/lib/practice-name';
import { pageWithPractice } from '../../../db/practice-rows';

type ReviewFields = Omit<CreateReviewInput, 'doctor_id'>;

/** The fields as stored: trimmed, with the checks the schema cannot make (blank text, a month in the future). */
function checkedFields(input: ReviewFields, now: Date) {
  const title = input.title.trim();
  const text = input.text.trim();
  const species = input.species.trim();
  if (!title) throw domainError(400, 'INVALID', REVIEW_MESSAGES.titleEmpty, { field: 'title' });
  if (text.length < REVIEW_LIMITS.textMin) throw domainError(400, 'INVALID', REVIEW_MESSAGES.textTooShort, { field: 'text' });
  if (!species) throw domainError(400, 'INVALID', REVIEW_MESSAGES.speciesEmpty, { field: 'species' });
  const monthProblem = visitMonthProblem(input.visit_month, now);
  if (monthProblem) throw domainError(400, 'INVALID', monthProblem, { field: 'visit_month' });
  return { rating: input.rating, title, text, species, visitMonth: input.visit_month };
}

const holdText = (reasons: string[]) => (reasons.length ? reasons.join(' ') : null);

export async function createReview(deps: ReviewDeps, author: UserRow, input: CreateReviewInput, clientIp: string | null): Promise<ReviewWriteAnswer> {
  const now = deps.clock.now();
  if (input.doctor_id === author.id) throw domainError(403, 'OWN_PRACTICE', REVIEW_MESSAGES.ownPractice, { field: 'doctor_id' });
  const fields = checkedFields(input, now);
  if (!(await isListed(deps.db, input.doctor_id, now))) throw domainError(404, 'NOT_FOUND', REVIEW_MESSAGES.notListed, { field: 'doctor_id' });
  const created = await deps.db.transaction(async (tx) => {
    // NOTE: reviews of one practice from one address wait for each other here, so parallel ones
    // cannot all count "fewer than two before me" and slip past the burst rule.
    await tx.execute(sql`select pg_advisory_xact_lock(${input.doctor_id}::int, hashtext(${clientIp ?? ''}))`);
    const reasons = await screenReview(tx, { doctorId: input.doctor_id, author, title: fields.title, text: fields.text, clientIp, now });
    const [visit] = await tx
      .select({ n: count() })
      .from(completedVisits)
      .where(and(eq(completedVisits.ownerId, author.id), eq(completedVisits.doctorId, input.doctor_id)));
    const [row] = await tx
      .insert(reviews)
      .values({
        doctorId: input.doctor_id,
        authorId: author.id,
        ...fields,
        state: reasons.length ? 'pending' : 'published',
        holdReason: holdText(reasons),
        verifiedVisit: Number(visit?.n ?? 0) > 0,
        clientIp,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [reviews.authorId, reviews.doctorId] })
      .returning({ id: reviews.id, state: reviews.state });
    return row;
  });
  if (!created) throw domainError(409, 'ALREADY_REVIEWED', REVIEW_MESSAGES.alreadyReviewed, { field: 'doctor_id' });
  if (created.state === 'published') deps.changes.announce({ kind: 'listing changed', doctorId: input.doctor_id });
  return created;
}

export async function updateReview(deps: ReviewDeps, author: UserRow, input: UpdateReviewInput, clientIp: string | null): Promise<ReviewWriteAnswer> {
  const now = deps.clock.now();
  const fields = checkedFields(input, now);
  const [before] = await deps.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, input.id), eq(reviews.authorId, author.id)));
  if (!before) throw domainError(404, 'NOT_FOUND', REVIEW_MESSAGES.notYours, { field: 'id' });
  if (before.state === 'removed') throw domainError(409, 'REVIEW_REMOVED', REVIEW_MESSAGES.removed);
  const reasons = await screenReview(deps.db, {
    doctorId: before.doctorId,
    author,
    title: fields.title,
    text: fields.text,
    clientIp,
    now,
    reviewId: before.id,
  });
  // A published review stays published only if it passes again; a held one stays held (its old reasons
  // still stand unless new ones replace them); a rejected one goes back to the queue.
  let state = before.state;
  let holdReason = before.holdReason;
  if (before.state === 'published') {
    state = reasons.length ? 'pending' : 'published';
    holdReason = holdText(reasons);
  } else if (before.state === 'pending') holdReason = holdText(reasons) ?? before.holdReason;
  else if (before.state === 'rejected') {
    state = 'pending';
    holdReason = holdText([HOLD_REASONS.editedAfterRejection, ...reasons]);
  }
  const [updated] = await deps.db
    .update(reviews)
    .set({ ...fields, state, holdReason, updatedAt: now })
    .where(and(eq(reviews.id, before.id), eq(reviews.authorId, author.id), eq(reviews.state, before.state)))
    .returning({ id: reviews.id, state: reviews.state });
  // An administrator decided in between: the author sees where it stands now.
  if (!updated) throw domainError(409, 'REVIEW_CHANGED', 'An administrator has just decided on this review. Please reload it and try again.');
  if (before.state === 'published' || updated.state === 'published') deps.changes.announce({ kind: 'listing changed', doctorId: before.doctorId });
  return updated;
}

export async function deleteReview(deps: ReviewDeps, author: UserRow, id: number): Promise<void> {
  const [deleted] = await deps.db
    .delete(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.authorId, author.id), inArray(reviews.state, ['published', 'pending'])))
    .returning({ doctorId: reviews.doctorId, state: reviews.state });
  if (!deleted) {
    const [kept] = await deps.db
      .select({ state: reviews.state })
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.authorId, author.id)));
    if (kept) throw domainError(409, 'REVIEW_DECIDED', REVIEW_MESSAGES.notDeletable);
    throw domainError(404, 'NOT_FOUND', REVIEW_MESSAGES.notYours, { field: 'id' });
  }
  if (deleted.state === 'published') deps.changes.announce({ kind: 'listing changed', doctorId: deleted.doctorId });
}

export async function ownReviews(
  deps: ReviewDeps,
  author: UserRow,
  filter: { page?: number; pageSize?: number; doctor_id?: number } = {},
): Promise<OwnReviewsAnswer> {
  const { page = 1, pageSize = 50 } = filter;
  const where = and(eq(reviews.authorId, author.id), filter.doctor_id ? eq(reviews.doctorId, filter.doctor_id) : undefined);
  const { rows, total } = await pageWithPractice(deps.db, reviews, where, page, pageSize);
  return { data: rows.map((row) => presentOwnReview(row.row, author, clinicOrPracticeName(row))), totalCount: total };
}
