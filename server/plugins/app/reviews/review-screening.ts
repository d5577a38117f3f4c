// Automatic screening before a review is public (docs/product.md section 13): a review is held as
// 'pending' for an administrator, with the reasons in hold_reason, when its words carry a link, an
// e-mail address or a phone number; when its account is younger than a day; when it comes from an
// address the practice's own account signed in from in the last 30 days; or when it is the third
// review of the practice from one address within 30 days. Run on every create and every edit.
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { reviews, signInAddresses } from '../../../db/schema';
import { contactDetailsIn, REVIEW_LIMITS, type ContactDetail } from '../../../../shared/lib/review-rules';

const CONTACT_REASONS: Record<ContactDetail, string> = {
  link: 'The review contains a link.',
  email: 'The review contains an e-mail address.',
  phone: 'The review contains a phone number.',
};
export const HOLD_REASONS = {
  ...CONTACT_REASONS,
  newAccount: 'The account is less than a day old.',
  practiceAddress: "Written from an address the practice's own account signed in from in the last 30 days.",
  burst: 'The third review of this practice from one address within 30 days.',
  reports: `Reported by ${REVIEW_LIMITS.reportsToHold} accounts.`,
  editedAfterRejection: 'Edited after an administrator rejected it.',
} as const;

export interface ScreeningInput {
  doctorId: number;
  author: { createdAt: Date };
  title: string;
  text: string;
  /** The address the review is written from. */
  clientIp: string | null;
  /** On an edit: the review itself, not counted as another review from its address. */
  reviewId?: number;
  now: Date;
}

/** The reasons to hold the review (empty: it may be published at once). */
export async function screenReview(db: DbOrTx, input: ScreeningInput): Promise<string[]> {
  const reasons: string[] = contactDetailsIn(input.title, input.text).map((kind) => CONTACT_REASONS[kind]);
  if (input.now.getTime() - input.author.createdAt.getTime() < REVIEW_LIMITS.newAccountMs) reasons.push(HOLD_REASONS.newAccount);
  if (input.clientIp) {
    const since = new Date(input.now.getTime() - REVIEW_LIMITS.addressWindowMs);
    const [[practice], [burst]] = await Promise.all([
      db
        .select({ n: count() })
        .from(signInAddresses)
        .where(and(eq(signInAddresses.userId, input.doctorId), eq(signInAddresses.ip, input.clientIp), gt(signInAddresses.lastAt, since))),
      db
        .select({ n: count() })
        .from(reviews)
        .where(
          and(
            eq(reviews.doctorId, input.doctorId),
            eq(reviews.clientIp, input.clientIp),
            gt(reviews.createdAt, since),
            input.reviewId ? ne(reviews.id, input.reviewId) : sql`true`,
          ),
        ),
    ]);
    if (Number(practice?.n ?? 0) > 0) reasons.push(HOLD_REASONS.practiceAddress);
    if (Number(burst?.n ?? 0) >= REVIEW_LIMITS.reviewsPerAddress) reasons.push(HOLD_REASONS.burst);
  }
  return reasons;
}
