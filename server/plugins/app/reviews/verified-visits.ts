// 'Verified visit' (docs/product.md section 13): a review by an account whose appointment at the
// practice was completed. Appointments (section 14) call `fastify.reviews.visitCompleted` when one is
// completed: the visit is kept, that account's review of the practice (now or written later) shows
// the badge.
import { and, eq } from 'drizzle-orm';
import { completedVisits, reviews } from '../../../db/schema';
import type { ReviewDeps } from './review-deps';

export async function visitCompleted(deps: ReviewDeps, ownerId: number, doctorId: number): Promise<void> {
  const now = deps.clock.now();
  const marked = await deps.db.transaction(async (tx) => {
    await tx.insert(completedVisits).values({ ownerId, doctorId, completedAt: now }).onConflictDoNothing();
    return tx
      .update(reviews)
      .set({ verifiedVisit: true })
      .where(and(eq(reviews.authorId, ownerId), eq(reviews.doctorId, doctorId), eq(reviews.verifiedVisit, false)))
      .returning({ state: reviews.state });
  });
  if (marked.some((review) => review.state === 'published')) deps.changes.announce({ kind: 'listing changed', doctorId });
}
