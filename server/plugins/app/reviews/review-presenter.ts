// The shapes a review leaves the server in (docs/product.md section 13): the public one (the author as
// first name and last initial, never an id or an address), the author's own (with its state), and the
// administrators' (with the screening's reasons, the reports, the client address and both accounts).
import type { AdminReview, OwnReview, PublicReview } from '../../../../shared/schemas/review';
import { reviewAuthorName } from '../../../../shared/lib/review-rules';
import type { reviews } from '../../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;
export interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

export function presentPublicReview(review: ReviewRow, author: Pick<Person, 'firstName' | 'lastName'>): PublicReview {
  return {
    id: review.id,
    rating: review.rating,
    title: review.title,
    text: review.text,
    author_name: reviewAuthorName(author.firstName, author.lastName),
    species: review.species,
    visit_month: review.visitMonth,
    created_at: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    verified_visit: review.verifiedVisit,
    reply:
      review.replyText !== null && review.replyCreatedAt
        ? {
            text: review.replyText,
            created_at: review.replyCreatedAt.toISOString(),
            updated_at: (review.replyUpdatedAt ?? review.replyCreatedAt).toISOString(),
          }
        : null,
  };
}

export function presentOwnReview(review: ReviewRow, author: Pick<Person, 'firstName' | 'lastName'>, clinicName: string | null): OwnReview {
  return {
    ...presentPublicReview(review, author),
    doctor_id: review.doctorId,
    clinic_name: clinicName,
    state: review.state,
    moderation_reason: review.moderationReason,
  };
}

export function presentAdminReview(
  review: ReviewRow,
  author: Person & { email: string; createdAt: Date },
  doctor: Person & { clinicName: string | null },
  reports: { reason: string; createdAt: Date }[],
): AdminReview {
  return {
    ...presentPublicReview(review, author),
    state: review.state,
    hold_reason: review.holdReason,
    report_count: review.reportCount,
    reports: reports.map((report) => ({ reason: report.reason, created_at: report.createdAt.toISOString() })),
    moderation_reason: review.moderationReason,
    moderated_at: review.moderatedAt?.toISOString() ?? null,
    client_ip: review.clientIp,
    author: { id: author.id, first_name: author.firstName, last_name: author.lastName, email: author.email, created_at: author.createdAt.toISOString() },
    doctor: { id: doctor.id, first_name: doctor.firstName, last_name: doctor.lastName, clinic_name: doctor.clinicName },
  };
}
