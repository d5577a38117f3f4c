// What the review calls answer (docs/product.md section 13; /work/shared decisions section 13): the public list with its
// summary, one's own reviews with their state, and the administrators' queue. Types only: the web app reads them.
export type ReviewSort = 'newest' | 'highest' | 'lowest';
export type ReviewState = 'published' | 'pending' | 'rejected' | 'removed';
export type StarCount = '1' | '2' | '3' | '4' | '5';

export interface ReviewReply {
  text: string;
  created_at: string;
  updated_at?: string;
}

/** A published review as /api/reviews/list shows it. */
export interface PublicReview {
  id: number;
  rating: number;
  title: string;
  text: string;
  /** First name and last initial. */
  author_name: string;
  species: string;
  /** 'YYYY-MM'. */
  visit_month: string;
  created_at: string;
  updated_at: string;
  verified_visit: boolean;
  reply: ReviewReply | null;
}

export interface ReviewListInput {
  doctor_id: number;
  page: number;
  pageSize: number;
  sort: ReviewSort;
  /** Only reviews with this many stars. */
  rating?: number;
}

export interface ReviewListAnswer {
  data: PublicReview[];
  totalCount: number;
  /** The average of all published reviews (one decimal), null without reviews. */
  average: number | null;
  count: number;
  histogram: Record<StarCount, number>;
}

/** What an author writes: the body of /api/reviews/create (with doctor_id) and /api/reviews/update (with id). */
export interface ReviewInput {
  rating: number;
  title: string;
  text: string;
  visit_month: string;
  species: string;
}

/** One of the account's own reviews (/api/user/reviews), in any state. */
export interface OwnReview extends PublicReview {
  doctor_id: number;
  state: ReviewState;
  clinic_name: string | null;
  /** Why an administrator decided as they did, when there was a decision. */
  moderation_reason: string | null;
}

export interface OwnReviewsAnswer {
  data: OwnReview[];
  totalCount: number;
}

/** A review in the administrators' queue (/api/admin/reviews). */
export interface ModerationReview extends PublicReview {
  state: ReviewState;
  /** Why screening or reports held it. */
  hold_reason: string | null;
  report_count: number;
  reports: { reason: string; created_at: string }[];
  moderation_reason: string | null;
  moderated_at: string | null;
  client_ip: string | null;
  author: { id: number; first_name: string; last_name: string; email: string; created_at: string };
  doctor: { id: number; first_name: string; last_name: string; clinic_name: string | null };
}

export interface ModerationListAnswer {
  data: ModerationReview[];
  totalCount: number;
}

export type ModerationDecision = 'publish' | 'reject' | 'remove';
