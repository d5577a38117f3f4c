// /myreviews (docs/product.md section 13): the account's own reviews with where each stands (published, waiting for
// review, rejected or removed with the administrator's reason), a page at a time, with Edit and Delete.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { OwnReview } from '../../../../shared/schemas/review';
import { paths, routePath } from '../../../../shared/routes';
import type { ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';
import { AccountListPage } from '../../../components/ui/list-shell';
import { useOwnReviewsQuery } from '../api/get-own-reviews';
import { FormSkeleton, SentNotice } from '../components/doctor-reviews';
import { DeleteDialog } from '../components/review-dialogs';
import { ReviewItem } from '../components/review-item';
import { REVIEW_STATE_TEXT } from '../review-rules';
import '../reviews.css';

const ReviewForm = lazy(() => import('../components/review-form'));

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
        <Link to={routePath('doctorProfile', { id: review.doctor_id })}>{clinic}</Link>
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
  // An administrator may have decided since the page was last open: the list is read fresh.
  return (
    <AccountListPage<OwnReview>
      title="My reviews"
      lead="The reviews you wrote, and where each one stands."
      texts={{
        failure: 'Your reviews could not be loaded.',
        loading: 'Loading your reviews…',
        empty: {
          text: 'You have not written any reviews yet. Find your vet and tell other pet owners how your visit went.',
          action: { to: paths.searchDoctor, label: 'Find your vet' },
        },
      }}
      useList={useOwnReviewsQuery}
      pageSize={10}
      listClass="own-review-list"
      item={(review) => <OwnReviewEntry key={review.id} review={review} />}
    />
  );
}
