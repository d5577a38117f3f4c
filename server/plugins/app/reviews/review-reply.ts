// The practice's public answer to a review (docs/product.md section 13): once per review, edited by
// calling again; the author is e-mailed when the answer first appears. Only the practice that was
// reviewed may answer, and only a published review. A reply is public at once, so one carrying a link, an
// e-mail address or a phone number (the words rule that holds a review) is refused (decision 132).
import { eq } from 'drizzle-orm';
import { profiles, reviews, users } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import { reviewReplyEmail } from '../mail/templates';
import type { UserRow } from '../users/index';
import type { PublicReview, ReplyInput } from '../../../../shared/schemas/review';
import { REVIEW_MESSAGES, type ReviewDeps } from './review-deps';
import { presentPublicReview } from './review-presenter';
import { contactDetailsIn } from '../../../../shared/lib/review-rules';
import { practiceName } from '../../../../shared/lib/practice-name';

export async function replyToReview(deps: ReviewDeps, practice: UserRow, input: ReplyInput): Promise<PublicReview> {
  const text = input.text.trim();
  if (!text) throw domainError(400, 'INVALID', REVIEW_MESSAGES.replyEmpty, { field: 'text' });
  if (contactDetailsIn(text).length > 0) throw domainError(400, 'REPLY_CONTACT_DETAILS', REVIEW_MESSAGES.replyContactDetails, { field: 'text' });
  const now = deps.clock.now();
  const replied = await deps.db.transaction(async (tx) => {
    // NOTE: locked, so two replies at once cannot both count as the first (and e-mail the author twice).
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, input.review_id)).for('update');
    if (!before || before.state !== 'published') throw domainError(404, 'NOT_FOUND', REVIEW_MESSAGES.notPublished, { field: 'review_id' });
    if (before.doctorId !== practice.id) throw domainError(403, 'NOT_YOUR_PRACTICE', REVIEW_MESSAGES.replyNotYourPractice);
    const [after] = await tx
      .update(reviews)
      .set({ replyText: text, replyCreatedAt: before.replyCreatedAt ?? now, replyUpdatedAt: now })
      .where(eq(reviews.id, before.id))
      .returning();
    const [author] = await tx.select().from(users).where(eq(users.id, before.authorId));
    if (before.replyText === null && author) {
      const [profile] = await tx.select({ clinicName: profiles.clinicName }).from(profiles).where(eq(profiles.userId, practice.id));
      const clinic = practiceName({ ...practice, clinicName: profile?.clinicName });
      await deps.mailer.enqueue(
        tx,
        { address: author.email, name: author.firstName, kind: 'review_reply' },
        reviewReplyEmail({ firstName: author.firstName, clinic, title: before.title, reply: text, link: deps.practiceLink(practice.id) }),
      );
    }
    return presentPublicReview(after!, author ?? { firstName: '', lastName: '' });
  });
  deps.changes.announce({ kind: 'listing changed', doctorId: practice.id });
  return replied;
}
