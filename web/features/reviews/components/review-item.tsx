// One review as pet owners read it (docs/product.md section 13): stars, title, text, who wrote it, the pet, the month
// of the visit, 'Verified visit' when an appointment at the practice was completed, and the practice's reply.
import type { ReactNode } from 'react';
import type { PublicReview } from '../../../../shared/schemas/review';
import { RatingStars } from '../../../components/ui/rating-stars';
import { formatDate, formatMonth } from '../../../../shared/lib/formats';
import { speciesLabel } from '../review-rules';

interface Props {
  review: PublicReview;
  /** Who replies: the practice's name. */
  clinic: string;
  /** Heading level of the title in the page's outline. */
  level?: 2 | 3 | 4;
  /** A line above the review (its state, on the author's own pages). */
  status?: ReactNode;
  /** Buttons under the review (report, edit, delete). */
  actions?: ReactNode;
  /** Shown in place of the reply (the practice's reply form). */
  replySlot?: ReactNode;
}

export function ReviewItem({ review, clinic, level = 3, status, actions, replySlot }: Props) {
  const Title = `h${level}` as const;
  const edited = review.updated_at && review.updated_at.slice(0, 10) !== review.created_at.slice(0, 10);
  return (
    <article className="review-item" aria-labelledby={`review-${review.id}-title`}>
      {status}
      <div className="review-head">
        <RatingStars value={review.rating} />
        {review.verified_visit && <span className="badge badge-verified">Verified visit</span>}
      </div>
      <Title className="review-title" id={`review-${review.id}-title`}>
        {review.title}
      </Title>
      <p className="review-meta muted small">
        {review.author_name}
        {review.species ? ` · ${speciesLabel(review.species)}` : ''} · Visited {formatMonth(review.visit_month)} · Written {formatDate(review.created_at)}
        {edited ? ` · edited ${formatDate(review.updated_at)}` : ''}
      </p>
      <p className="review-text">{review.text}</p>
      {replySlot ??
        (review.reply && (
          <div className="review-reply">
            <p className="review-reply-head">
              <strong>Reply from {clinic}</strong> <span className="muted small">· {formatDate(review.reply.created_at)}</span>
            </p>
            <p className="review-text">{review.reply.text}</p>
          </div>
        ))}
      {actions && <div className="review-actions">{actions}</div>}
    </article>
  );
}
