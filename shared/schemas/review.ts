// Request and answer schemas of pet owners' reviews (docs/product.md section 13):
// the author's calls, the public list, reports, the practice's reply and the administrators' moderation.
// Names are the contract's; extra answer fields are additive.
import { Type, type Static } from '@sinclair/typebox';
import { Id, TypedText } from './common';
import { REVIEW_LIMITS, VISIT_MONTH_PATTERN } from '../lib/review-rules';

const strict = { additionalProperties: false } as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const Rating = Type.Integer({ minimum: 1, maximum: 5, title: 'rating', errorMessage: 'Choose from 1 to 5 stars.' });
const Title = TypedText('title', 'person-name', { max: REVIEW_LIMITS.titleMax }, 'Give your review a title.');
const ReviewText = TypedText(
  'review',
  'safe-text',
  { min: REVIEW_LIMITS.textMin, max: REVIEW_LIMITS.textMax },
  `Write at least ${REVIEW_LIMITS.textMin} characters about your visit.`,
);
const VisitMonth = Type.String({
  pattern: VISIT_MONTH_PATTERN,
  title: 'month of the visit',
  errorMessage: 'Give the month of the visit as year and month, for example 2025-03.',
});
const Species = TypedText('species', 'person-name', { max: REVIEW_LIMITS.speciesMax }, 'Say which animal you brought (for example dog or cat).');

export const CreateReviewBody = Type.Object(
  {
    doctor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: 'practice' }),
    rating: Rating,
    title: Title,
    text: ReviewText,
    visit_month: VisitMonth,
    species: Species,
  },
  strict,
);
export type CreateReviewInput = Static<typeof CreateReviewBody>;
export const UpdateReviewBody = Type.Object({ id: Id, rating: Rating, title: Title, text: ReviewText, visit_month: VisitMonth, species: Species }, strict);
export type UpdateReviewInput = Static<typeof UpdateReviewBody>;
export const ReviewIdBody = Type.Object({ id: Id }, strict);

export const ReviewStateSchema = Type.Union([Type.Literal('published'), Type.Literal('pending'), Type.Literal('rejected'), Type.Literal('removed')]);
export const ReviewWriteAnswer = Type.Object({ id: Type.Integer(), state: ReviewStateSchema });
export type ReviewWriteAnswer = Static<typeof ReviewWriteAnswer>;

export const ReplySchema = Type.Union([Type.Object({ text: Type.String(), created_at: Type.String(), updated_at: Type.String() }), Type.Null()]);

/** A review as the public sees it (the contract's fields, in its order). */
export const PublicReviewSchema = Type.Object({
  id: Type.Integer(),
  rating: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
  author_name: Type.String(),
  species: Type.String(),
  visit_month: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  verified_visit: Type.Boolean(),
  reply: ReplySchema,
});
export type PublicReview = Static<typeof PublicReviewSchema>;

export const ReviewListBody = Type.Object(
  {
    doctor_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: 'practice' }),
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
    sort: Type.Union([Type.Literal('newest'), Type.Literal('highest'), Type.Literal('lowest')], { default: 'newest' }),
    /** Only reviews with this many stars. */
    rating: Type.Optional(Rating),
  },
  strict,
);
export type ReviewListInput = Static<typeof ReviewListBody>;
export const HistogramSchema = Type.Object({ '1': Type.Integer(), '2': Type.Integer(), '3': Type.Integer(), '4': Type.Integer(), '5': Type.Integer() });
export type Histogram = Static<typeof HistogramSchema>;
export const ReviewListAnswer = Type.Object({
  data: Type.Array(PublicReviewSchema),
  /** Published reviews matching the star filter (for paging). */
  totalCount: Type.Integer(),
  /** The average of all published reviews, to one decimal; null without any. */
  average: Type.Union([Type.Number(), Type.Null()]),
  /** All published reviews. */
  count: Type.Integer(),
  histogram: HistogramSchema,
});
export type ReviewListAnswer = Static<typeof ReviewListAnswer>;

/** One of the account's own reviews, with where it stands. */
export const OwnReviewSchema = Type.Object({
  ...PublicReviewSchema.properties,
  doctor_id: Type.Integer(),
  clinic_name: Nullable(Type.String()),
  state: ReviewStateSchema,
  /** The administrator's reason for the last decision, when there was one. */
  moderation_reason: Nullable(Type.String()),
});
export type OwnReview = Static<typeof OwnReviewSchema>;
export const OwnReviewsAnswer = Type.Object({ data: Type.Array(OwnReviewSchema), totalCount: Type.Integer() });
export type OwnReviewsAnswer = Static<typeof OwnReviewsAnswer>;
export const OwnReviewsBody = Type.Optional(
  Type.Object(
    {
      page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
      /** Only the review of this practice (the profile page's "your review"). */
      doctor_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: 'practice' })),
    },
    strict,
  ),
);
export type OwnReviewsInput = Static<Exclude<typeof OwnReviewsBody, undefined>>;

export const ReportReviewBody = Type.Object(
  {
    review_id: Id,
    reason: TypedText('reason', 'safe-text', { max: REVIEW_LIMITS.reportReasonMax }, 'Say briefly what is wrong with this review.'),
  },
  strict,
);
export type ReportReviewInput = Static<typeof ReportReviewBody>;

export const ReplyBody = Type.Object(
  {
    review_id: Id,
    text: TypedText('reply', 'safe-text', { max: REVIEW_LIMITS.replyMax }, 'Write your reply first.'),
  },
  strict,
);
export type ReplyInput = Static<typeof ReplyBody>;
export const ReplyAnswer = Type.Object({ review: PublicReviewSchema });

// ---- Moderation (administrators) ----

export const AdminReviewsBody = Type.Object(
  {
    state: Type.Union([Type.Literal('published'), Type.Literal('pending'), Type.Literal('rejected'), Type.Literal('removed')], { default: 'pending' }),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  },
  strict,
);
export type AdminReviewsInput = Static<typeof AdminReviewsBody>;

export const AdminReviewSchema = Type.Object({
  ...PublicReviewSchema.properties,
  state: ReviewStateSchema,
  /** Why screening or reports held it. */
  hold_reason: Nullable(Type.String()),
  report_count: Type.Integer(),
  reports: Type.Array(Type.Object({ reason: Type.String(), created_at: Type.String() })),
  moderation_reason: Nullable(Type.String()),
  moderated_at: Nullable(Type.String()),
  client_ip: Nullable(Type.String()),
  author: Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), created_at: Type.String() }),
  doctor: Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String(), clinic_name: Nullable(Type.String()) }),
});
export type AdminReview = Static<typeof AdminReviewSchema>;
export const AdminReviewsAnswer = Type.Object({ data: Type.Array(AdminReviewSchema), totalCount: Type.Integer() });
export type AdminReviewsAnswer = Static<typeof AdminReviewsAnswer>;

export const ModerateReviewBody = Type.Object(
  {
    review_id: Id,
    decision: Type.Union([Type.Literal('publish'), Type.Literal('reject'), Type.Literal('remove')]),
    reason: Type.String({ maxLength: REVIEW_LIMITS.moderationReasonMax, format: 'safe-text', default: '', title: 'reason' }),
  },
  strict,
);
export type ModerateReviewInput = Static<typeof ModerateReviewBody>;
export const ModerateReviewAnswer = Type.Object({ review: AdminReviewSchema });
