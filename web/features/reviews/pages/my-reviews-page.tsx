// /myreviews (docs/product.md section 13): the account's own reviews with where each stands (published, waiting for
// review, rejected or removed with the administrator's reason), a page at a time, with Edit and Delete.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { OwnReview } from '../../../../shared/schemas/review';
import type { ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';
import { PageHero } from '../../../components/ui/page-hero';
import { Pagination } from '../../../components/ui/pagination';
import { useOwnReviewsQuery } from '../api/get-own-reviews';
import { FormSkeleton, SentNotice } from '../components/doctor-reviews';
import { DeleteDialog } from '../components/review-dialogs';
import { ReviewItem } from '../components/review-item';
import { REVIEW_STATE_TEXT } from '../review-rules';
import '../reviews.css';

const ReviewForm = lazy(() => import('../components/review-form'));
const PAGE_SIZE = 10;

const practiceName = (review: OwnReview) => review.clinic_name || 'the practice';

function OwnReviewEntry({ review }: { review: OwnReview }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sent, setSent] = useState<ReviewState>();
  const clinic = practiceName(review);
  const state = REVIEW_STATE_TEXT[review.state];
  return (
    <li className="card own-review">
      <p className="own-review-practice">
        <Link to={`/viewdoctorprofile/${review.doctor_id}`}>{clinic}</Link>
      </p>
      {sent && <SentNotice state={sent} edited />}
      {editing ? (
        <Suspense fallback={<FormSkeleton />}>
          <ReviewForm
            doctorId={review.doctor_id}
            clinic={clinic}
            review={review}
            onDone={(next) => {
              setSent(next);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <ReviewItem
          review={review}
          clinic={clinic}
          level={2}
          status={
            <div className={`review-state review-state-${review.state}`}>
              <p>
                <span className={`status-tag status-tag-${review.state}`}>{state.label}</span> {state.text}
              </p>
              {review.moderation_reason && (review.state === 'rejected' || review.state === 'removed') && (
                <p className="small">Reason given: {review.moderation_reason}</p>
              )}
            </div>
          }
          actions={
            // A removed review stays as it is (docs/product.md 13.3).
            review.state !== 'removed' && (
              <>
                <button type="button" className="button" onClick={() => setEditing(true)}>
                  Edit<span className="visually-hidden"> your review of {clinic}</span>
                </button>
                <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
                  Delete<span className="visually-hidden"> your review of {clinic}</span>
                </button>
              </>
            )
          }
        />
      )}
      {deleting && <DeleteDialog reviewId={review.id} doctorId={review.doctor_id} onClose={() => setDeleting(false)} />}
    </li>
  );
}

export default function MyReviewsPage() {
  const [page, setPage] = useState(1);
  // Read fresh each time the page opens: an administrator may have decided since.
  const { currentData: data, isError, isFetching } = useOwnReviewsQuery({ page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const reviews = data?.data ?? [];
  return (
    <>
      <PageHero eyebrow="Your account" title="My reviews" lead="The reviews you wrote, and where each one stands." />
      <section className="section">
        <div className="container narrow">
          {isError ? (
            <p className="notice" role="alert">
              Your reviews could not be loaded. Please reload the page to try again.
            </p>
          ) : !data ? (
            <div aria-busy="true">
              <span className="visually-hidden">Loading your reviews…</span>
              {[0, 1].map((i) => (
                <div key={i} className="card skeleton-card" aria-hidden="true" />
              ))}
            </div>
          ) : data.totalCount === 0 ? (
            <div className="empty-state">
              <p>You have not written any reviews yet. Find your vet and tell other pet owners how your visit went.</p>
              <Link className="button button-primary" to="/searchdoctor">
                Find your vet
              </Link>
            </div>
          ) : (
            <>
              <ul className="own-review-list" aria-busy={isFetching}>
                {reviews.map((review) => (
                  <OwnReviewEntry key={review.id} review={review} />
                ))}
              </ul>
              {data.totalCount > PAGE_SIZE && <Pagination page={page} pageSize={PAGE_SIZE} total={data.totalCount} onChange={(next) => setPage(next)} />}
            </>
          )}
        </div>
      </section>
    </>
  );
}
