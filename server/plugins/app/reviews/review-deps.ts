// What the review commands need, bound by the reviews plugin (index.ts).
import type { Clock } from '../../../lib/clock';
import type { Db } from '../../../db/client';
import type { Mailer } from '../mail/mailer';
import type { Announcer } from '../listing/changes';
import { REVIEW_LIMITS } from '../../../../shared/lib/review-rules';

export interface ReviewDeps {
  db: Db;
  mailer: Mailer;
  /** Publishing, holding, removing or deleting a review changes the practice's listing (its ratings). */
  changes: Announcer;
  clock: Clock;
  /** The public page of a practice, for e-mails. */
  practiceLink(doctorId: number): string;
}

/** Everything a review refusal says, in one place (routes and tests quote them). */
export const REVIEW_MESSAGES = {
  ownPractice: 'You cannot review your own practice.',
  notListed: 'There is no listed practice with this id.',
  alreadyReviewed: 'You have already reviewed this practice. You can edit your review instead.',
  notYours: 'There is no review of yours with this id.',
  removed: 'An administrator removed this review; it can no longer be changed.',
  notDeletable: 'An administrator decided on this review; it stays on record and cannot be deleted.',
  textTooShort: `Write at least ${REVIEW_LIMITS.textMin} characters about your visit.`,
  titleEmpty: 'Give your review a title.',
  speciesEmpty: 'Say which animal you brought (for example dog or cat).',
  notPublished: 'There is no published review with this id.',
  reportOwn: 'You cannot report your own review.',
  alreadyReported: 'You have already reported this review.',
  replyNotYourPractice: 'Only the practice that was reviewed can reply to this review.',
  replyEmpty: 'Write your reply first.',
  replyContactDetails:
    'A reply cannot carry a link, an e-mail address or a phone number: your profile shows how to reach you. Remove them and send the reply again.',
  noReview: 'There is no review with this id.',
  reasonRequired: `Please give the author a reason for this decision (at least ${REVIEW_LIMITS.moderationReasonMin} characters).`,
  ownReviewModeration: 'You cannot moderate your own review; another administrator must decide.',
} as const;
