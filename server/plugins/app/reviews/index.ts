// The reviews area as one plugin (decision record 097; docs/product.md section 13): `fastify.reviews.<command>(...)`
// with the database, the mailer, the change announcer and the clock bound. Routes under /api/reviews,
// /api/user and /api/admin validate, authorize, call a command and shape the answer.
import { areaDeps } from '../../../lib/area-deps';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type {
  AdminReviewsInput,
  CreateReviewInput,
  ModerateReviewInput,
  ReplyInput,
  ReportReviewInput,
  ReviewListInput,
  UpdateReviewInput,
} from '../../../../shared/schemas/review';
import { domainError } from '../../../lib/domain-error';
import type { Actor } from '../audit/audit-log';
import { isListed } from '../listing/listing-rule';
import type { UserRow } from '../users/index';
import { REVIEW_MESSAGES, type ReviewDeps } from './review-deps';
import { listPublishedReviews, ratingSummary } from './review-list';
import { listForModeration, moderateReview, reportReview } from './review-moderation';
import { replyToReview } from './review-reply';
import { createReview, deleteReview, ownReviews, updateReview } from './review-writes';
import { visitCompleted } from './verified-visits';
import { pageUrl } from '../../../../shared/routes';

export { REVIEW_MESSAGES };
export type { RatingSummary } from './review-list';

function reviewsOf(fastify: FastifyInstance) {
  const deps: ReviewDeps = {
    ...areaDeps(fastify),
    practiceLink: (doctorId) => pageUrl(fastify.config.publicUrl, 'doctorProfile', { params: { id: doctorId } }),
  };
  return {
    create: (author: UserRow, input: CreateReviewInput, clientIp: string | null) => createReview(deps, author, input, clientIp),
    update: (author: UserRow, input: UpdateReviewInput, clientIp: string | null) => updateReview(deps, author, input, clientIp),
    delete: (author: UserRow, id: number) => deleteReview(deps, author, id),
    mine: (author: UserRow, filter?: { page?: number; pageSize?: number; doctor_id?: number }) => ownReviews(deps, author, filter),
    /** A listed practice's published reviews with its average, count and histogram (404 when not listed). */
    list: async (input: ReviewListInput) => {
      if (!(await isListed(deps.db, input.doctor_id, deps.clock.now()))) throw domainError(404, 'NOT_FOUND', REVIEW_MESSAGES.notListed, { field: 'doctor_id' });
      return listPublishedReviews(deps.db, input);
    },
    /** The average (one decimal), count and histogram of a practice's published reviews. */
    summary: (doctorId: number) => ratingSummary(deps.db, doctorId),
    report: (reporter: UserRow, input: ReportReviewInput) => reportReview(deps, reporter, input),
    reply: (practice: UserRow, input: ReplyInput) => replyToReview(deps, practice, input),
    moderationQueue: (input: AdminReviewsInput) => listForModeration(deps.db, input),
    moderate: (actor: Actor, input: ModerateReviewInput) => moderateReview(deps, actor, input),
    /** Appointments (section 14) call this when one is completed: the account's review of the practice shows 'Verified visit'. */
    visitCompleted: (ownerId: number, doctorId: number) => visitCompleted(deps, ownerId, doctorId),
  };
}

export type Reviews = ReturnType<typeof reviewsOf>;

declare module 'fastify' {
  interface FastifyInstance {
    reviews: Reviews;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('reviews', reviewsOf(fastify));
  },
  { name: 'reviews', dependencies: ['database', 'mailer', 'listing', 'authenticate'] },
);

export { default as reviewRoutes } from './routes/index';
