// Pet owners' reviews: the reviews, reports of them, completed visits and the figures per practice.
import { boolean, index, integer, primaryKey, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

/** Where a pet owner's review stands (docs/product.md section 13). */
export type ReviewPostState = 'published' | 'pending' | 'rejected' | 'removed';

/**
 * A pet owner's review of a practice (docs/product.md section 13; migration 0013): one per account
 * and practice; screening may hold it as 'pending' with a hold_reason for an administrator.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 to 5 stars. */
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** 'YYYY-MM'. */
    visitMonth: text('visit_month').notNull(),
    species: text('species').notNull(),
    state: text('state').$type<ReviewPostState>().notNull(),
    /** Why screening or reports held it (a sentence for the administrator). */
    holdReason: text('hold_reason'),
    verifiedVisit: boolean('verified_visit').notNull().default(false),
    /** The address it was written (or last edited) from, for the burst rule. */
    clientIp: text('client_ip'),
    /** Reports since the last moderation decision; the third holds a published review. */
    reportCount: integer('report_count').notNull().default(0),
    /** The administrator's reason for the last decision (shown to the author). */
    moderationReason: text('moderation_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    replyText: text('reply_text'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_author_doctor_key').on(t.authorId, t.doctorId),
    index('reviews_doctor_state_created_idx').on(t.doctorId, t.state, t.createdAt.desc(), t.id.desc()),
    index('reviews_doctor_state_rating_idx').on(t.doctorId, t.state, t.rating, t.createdAt.desc(), t.id.desc()),
    index('reviews_doctor_state_rating_desc_idx').on(t.doctorId, t.state, t.rating.desc(), t.createdAt.desc(), t.id.desc()),
    index('reviews_state_created_idx').on(t.state, t.createdAt, t.id),
    index('reviews_doctor_ip_created_idx').on(t.doctorId, t.clientIp, t.createdAt),
  ],
);

/** One report per account and review (migration 0013). */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'review_reports_pkey', columns: [t.reviewId, t.reporterId] }), index('review_reports_reporter_idx').on(t.reporterId)],
);

/** A completed visit of a pet owner at a practice: its review shows 'Verified visit' (section 14 fills it). */
export const completedVisits = pgTable(
  'completed_visits',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'completed_visits_pkey', columns: [t.ownerId, t.doctorId] })],
);

/**
 * Per-star counts of a practice's published reviews (docs/product.md section 13; migration 0015), kept
 * exactly by a trigger on reviews; the reviews list and the profile read their average, count and
 * histogram from it. Every practice with a published review has a row, listed or not.
 */
export const reviewStats = pgTable('review_stats', {
  doctorId: integer('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
});
