// The practice's own reviews on /viewprofile (docs/product.md section 13): every published review with the reply
// the practice gave, a reply form for those it has not answered yet, and 'Edit reply' for the others. A reply is
// public and the author is e-mailed; the practice cannot hide, reorder or remove a review.
import { useId, useState, type FormEvent } from 'react';
import type { PublicReview } from '../../../../shared/schemas/review';
import { Pagination } from '../../../components/ui/pagination';
import { FormError } from '../../../components/ui/form-error';
import { RatingSummary } from '../../../components/ui/rating-stars';
import { failureMessage } from '../../../lib/api';
import { formatDate } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { useReviewsQuery } from '../api/list-reviews';
import { useReplyToReviewMutation } from '../api/reply-review';
import { REVIEW_LIMITS } from '../../../../shared/lib/review-rules';
import { ReviewItem } from './review-item';
import '../reviews.css';

const PAGE_SIZE = 10;

function ReplyBox({ review, doctorId, clinic }: { review: PublicReview; doctorId: number; clinic: string }) {
  const id = useId();
  // The form opens on demand: a page of reviews is not a page of empty boxes.
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? '');
  const [problem, setProblem] = useState<string>();
  const [reply, { isLoading }] = useReplyToReviewMutation();
  const open = editing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Write your reply first.');
      return;
    }
    const answer = await reply({ review_id: review.id, text: text.trim(), doctor_id: doctorId });
    if (answer.error) {
      setProblem(failureMessage(answer.error, 'The reply could not be saved. Please try again.'));
      return;
    }
    setProblem(undefined);
    setEditing(false);
    toast.success(review.reply ? 'Your reply is updated.' : 'Your reply is published. The author gets an e-mail.');
  };

  if (!open && !review.reply) {
    return (
      <div className="review-actions">
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Reply<span className="visually-hidden"> to “{review.title}”</span>
        </button>
      </div>
    );
  }
  if (!open && review.reply) {
    return (
      <div className="review-reply">
        <p className="review-reply-head">
          <strong>Your reply</strong> <span className="muted small">· {formatDate(review.reply.created_at)}</span>
        </p>
        <p className="review-text">{review.reply.text}</p>
        <button type="button" className="link-button" onClick={() => setEditing(true)}>
          Edit reply<span className="visually-hidden"> to “{review.title}”</span>
        </button>
      </div>
    );
  }
  return (
    <form className="reply-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-reply`}>
          {review.reply ? 'Edit your public reply' : `Reply publicly as ${clinic}`}
          <span className="visually-hidden"> to “{review.title}”</span>
        </label>
        <textarea
          id={`${id}-reply`}
          autoFocus
          rows={3}
          maxLength={REVIEW_LIMITS.replyMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        />
        <span id={`${id}-hint`} className="field-hint">
          Everyone can read your reply. Thank the author, answer the point, keep client details private.
        </span>
      </div>
      <FormError id={`${id}-problem`}>{problem}</FormError>
      <div className="review-actions">
        <button type="submit" className="button button-primary" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Saving…' : review.reply ? 'Save reply' : 'Publish reply'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setEditing(false);
            setText(review.reply?.text ?? '');
            setProblem(undefined);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

export function PracticeReviews({ doctorId, clinic }: { doctorId: number; clinic: string }) {
  const [page, setPage] = useState(1);
  const { currentData: answer, isError, isFetching } = useReviewsQuery({ doctor_id: doctorId, page, pageSize: PAGE_SIZE, sort: 'newest' });
  return (
    <section className="card practice-reviews" id="reviews" aria-labelledby="practice-reviews-heading">
      <h2 id="practice-reviews-heading">Reviews of your practice</h2>
      {isError ? (
        <p className="form-error">The reviews could not be loaded. Please reload the page to try again.</p>
      ) : !answer ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading the reviews…</span>
          <div className="skeleton-review" aria-hidden="true" />
        </div>
      ) : answer.count === 0 ? (
        <p className="muted">No reviews yet. Pet owners who visited you can review your practice from its public page.</p>
      ) : (
        <>
          <RatingSummary average={answer.average} count={answer.count} />
          <p className="muted small">You can answer each review once, publicly, and edit your answer later. Reviews cannot be hidden or reordered.</p>
          <ul className="review-list" aria-busy={isFetching}>
            {answer.data.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} clinic={clinic} replySlot={<ReplyBox review={review} doctorId={doctorId} clinic={clinic} />} />
              </li>
            ))}
          </ul>
          {answer.totalCount > PAGE_SIZE && <Pagination page={page} pageSize={PAGE_SIZE} total={answer.totalCount} onChange={(next) => setPage(next)} />}
        </>
      )}
    </section>
  );
}
