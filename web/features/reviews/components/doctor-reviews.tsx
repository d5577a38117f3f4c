// The reviews of a practice on its public page, /viewdoctorprofile/:id (docs/product.md section 13): the rating
// summary with a histogram whose bars filter by stars, the published reviews a page at a time with sort and a star
// filter, 'Write a review' (signed in; otherwise sign in first and come back to the form), 'Report' on other people's
// reviews and Edit/Delete on one's own. A page of its own beside the profile's sections, so the profile page only
// places it.
import { paths, routePath } from '../../../../shared/routes';
import { signInPath } from '../../../../shared/lib/next-path';
import { countOf } from '../../../../shared/lib/formats';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OwnReview } from '../../../../shared/schemas/review';
import type { ReviewSort, ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';
import { useAppSelector } from '../../../app/store';
import { Pagination } from '../../../components/ui/pagination';
import { signedInUser } from '../../auth';
import { useOwnReviewsQuery } from '../api/get-own-reviews';
import { useReviewsQuery } from '../api/list-reviews';
import { REVIEW_STATE_TEXT } from '../review-rules';
import { DeleteDialog, ReportReviewDialog } from './review-dialogs';
import { RatingHistogram } from './rating-histogram';
import { ReviewItem } from './review-item';
import '../reviews.css';
import { REVIEW_FIRST_PAGE } from '../../../../shared/lib/review-rules';

const ReviewForm = lazy(() => import('./review-form'));

/** Ten a page, newest first: the page the profile embeds (shared/lib/review-rules.ts). */
const PAGE_SIZE = REVIEW_FIRST_PAGE.pageSize;
/** The query parameter that opens the form, kept across sign-in (`/signin?next=…?review=write`). */
export const WRITE_PARAM = 'review';

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
];

export function FormSkeleton() {
  return (
    <div className="card skeleton-card" role="status" aria-busy="true">
      <span className="visually-hidden">Opening the form…</span>
    </div>
  );
}

/** What the author reads after sending: published at once, or held for an administrator. */
export function SentNotice({ state, edited }: { state: ReviewState; edited: boolean }) {
  return (
    <div className={`notice review-sent review-sent-${state}`} role="status">
      {state === 'published' ? (
        <p>
          <strong>Thank you. Your review is published.</strong> {edited ? 'The page shows your changes.' : 'Other pet owners can read it now.'}
        </p>
      ) : (
        <p>
          <strong>Thank you. Your review is waiting for review.</strong> An administrator checks it before it is published; we will e-mail you when it is
          decided.
        </p>
      )}
    </div>
  );
}

export function DoctorReviews({ doctorId, clinic }: { doctorId: number; clinic: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const logined = useAppSelector((state) => state.auth.logined);
  const restoring = useAppSelector((state) => state.auth.restoring);
  const user = useAppSelector(signedInUser);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReviewSort>(REVIEW_FIRST_PAGE.sort);
  const [stars, setStars] = useState<number>();
  const [form, setForm] = useState<'new' | 'edit'>();
  const [sent, setSent] = useState<{ state: ReviewState; edited: boolean }>();
  const [dialog, setDialog] = useState<{ kind: 'report' | 'delete'; id: number; title: string }>();
  const heading = useRef<HTMLHeadingElement>(null);

  const list = useReviewsQuery({ doctor_id: doctorId, page, pageSize: PAGE_SIZE, sort, ...(stars ? { rating: stars } : {}) });
  // The author's own review of this practice, in whatever state (one per account and practice).
  const own = useOwnReviewsQuery({ doctor_id: doctorId, page: 1, pageSize: 1 }, { skip: !logined });
  const mine: OwnReview | undefined = own.data?.data.find((review) => review.doctor_id === doctorId);
  // A removed review cannot be edited or replaced (docs/product.md 13.3).
  const canWrite = mine?.state !== 'removed';
  const ownPractice = user?.id === doctorId;

  // Back from signing in with ?review=write: the form opens (once) and the address forgets the parameter.
  const wantsForm = params.get(WRITE_PARAM) === 'write';
  useEffect(() => {
    if (!wantsForm || restoring || !logined || (logined && own.isLoading)) return;
    setForm(mine ? 'edit' : 'new');
    setParams(
      (current) => {
        current.delete(WRITE_PARAM);
        return current;
      },
      { replace: true },
    );
    document.getElementById('reviews')?.scrollIntoView({ block: 'start' });
  }, [wantsForm, restoring, logined, own.isLoading, mine, setParams]);

  const write = () => {
    setSent(undefined);
    if (!logined) {
      navigate(signInPath(`${routePath('doctorProfile', { id: doctorId })}?${WRITE_PARAM}=write`));
      return;
    }
    setForm(mine ? 'edit' : 'new');
  };
  const done = (state: ReviewState) => {
    setSent({ state, edited: form === 'edit' });
    setForm(undefined);
    heading.current?.focus();
  };
  const choose = (change: () => void) => {
    change();
    setPage(1);
  };

  const answer = list.currentData;
  const summary = answer ?? list.data;
  return (
    <section className="card reviews-card" id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" ref={heading} tabIndex={-1}>
        Reviews
      </h2>
      <div className="reviews-top">
        {summary ? (
          <RatingHistogram summary={summary} chosen={stars} onChoose={(value) => choose(() => setStars(value))} />
        ) : list.isError ? null : (
          <div className="skeleton-block" aria-hidden="true" />
        )}
        <div className="reviews-write">
          {ownPractice ? (
            <p className="muted small">
              This is your practice. You answer reviews from <Link to={`${paths.viewProfile}#reviews`}>Your Profile</Link>.
            </p>
          ) : (
            !form &&
            canWrite && (
              <button type="button" className="button button-primary" onClick={write}>
                {mine ? 'Edit your review' : 'Write a review'}
              </button>
            )
          )}
          {/* Right after sending, the thank-you notice below says the same: one notice, not two (docs/product.md 27.8). */}
          {mine && mine.state !== 'published' && !sent && (
            <p className={`review-own-state review-own-${mine.state}`}>
              Your review: <strong>{REVIEW_STATE_TEXT[mine.state].label}</strong>. {REVIEW_STATE_TEXT[mine.state].text}
              {mine.moderation_reason ? ` Reason: ${mine.moderation_reason}` : ''}
            </p>
          )}
        </div>
      </div>
      {sent && <SentNotice {...sent} />}
      {form && (
        <Suspense fallback={<FormSkeleton />}>
          <ReviewForm doctorId={doctorId} clinic={clinic} review={form === 'edit' ? mine : undefined} onDone={done} onCancel={() => setForm(undefined)} />
        </Suspense>
      )}
      {(summary?.count ?? 0) > 0 && (
        <div className="filter-row reviews-controls">
          <label className="filter-select">
            <span>Sort by</span>
            <select value={sort} onChange={(event) => choose(() => setSort(event.target.value as ReviewSort))}>
              {SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="filter-select">
            <span>Stars</span>
            <select value={stars ?? ''} onChange={(event) => choose(() => setStars(Number(event.target.value) || undefined))}>
              <option value="">All stars</option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {countOf(n, 'star')} only
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {list.isError ? (
        <p className="notice" role="alert">
          The reviews could not be loaded. Please reload the page to try again.
        </p>
      ) : !answer ? (
        <div className="review-list" aria-busy="true">
          <span className="visually-hidden">Loading the reviews…</span>
          {[0, 1].map((i) => (
            <div key={i} className="skeleton-review" aria-hidden="true" />
          ))}
        </div>
      ) : answer.data.length === 0 ? (
        (summary?.count ?? 0) > 0 && <p className="empty-state">No reviews with {stars} stars yet.</p>
      ) : (
        <ul className="review-list" aria-busy={list.isFetching}>
          {answer.data.map((review) => {
            const isMine = review.id === mine?.id;
            return (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  clinic={clinic}
                  status={isMine ? <p className="badge badge-own">Your review</p> : undefined}
                  actions={
                    isMine ? (
                      <>
                        <button type="button" className="link-button" onClick={() => setForm('edit')}>
                          Edit
                        </button>
                        <button
                          type="button"
                          className="link-button link-danger"
                          onClick={() => setDialog({ kind: 'delete', id: review.id, title: review.title })}
                        >
                          Delete
                        </button>
                      </>
                    ) : logined && !ownPractice ? (
                      <button type="button" className="link-button" onClick={() => setDialog({ kind: 'report', id: review.id, title: review.title })}>
                        Report<span className="visually-hidden"> the review “{review.title}”</span>
                      </button>
                    ) : undefined
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      {answer && answer.totalCount > PAGE_SIZE && (
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          total={answer.totalCount}
          onChange={(next) => {
            setPage(next);
            heading.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
      {dialog?.kind === 'report' && <ReportReviewDialog reviewId={dialog.id} doctorId={doctorId} title={dialog.title} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'delete' && <DeleteDialog reviewId={dialog.id} doctorId={doctorId} onClose={() => setDialog(undefined)} />}
    </section>
  );
}
