// The Reviews tab of /admin (docs/product.md section 13): pet owners' reviews by state (held ones first), a page at
// a time, each with its text, author, practice and why it was held; an administrator publishes, rejects or removes
// one (a reject or remove with a reason; publishing needs none), which is audited and e-mailed to the author. Loaded only when the tab opens.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminReview as ModerationReview } from '../../../../shared/schemas/review';
import type { ModerationDecision, ReviewPublicState as ReviewState } from '../../../../shared/lib/review-rules';
import { REVIEW_LIMITS } from '../../../../shared/lib/review-rules';
import { Dialog } from '../../../components/ui/dialog';
import { Pagination } from '../../../components/ui/pagination';
import { FormError } from '../../../components/ui/form-error';
import { StateTabs } from './state-tabs';
import { RatingStars } from '../../../components/ui/rating-stars';
import { failureMessage } from '../../../lib/api';
import { countOf, formatDate, formatDateTime } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { useAdminReviewsQuery } from '../api/get-reviews';
import { useModerateReviewMutation } from '../api/moderate-review';
import { clinicOrPracticeName } from '../../../../shared/lib/practice-name';
import { routePath } from '../../../../shared/routes';

const STATES: { state: ReviewState; label: string; empty: string }[] = [
  { state: 'pending', label: 'Waiting', empty: 'No reviews are waiting for a decision.' },
  { state: 'published', label: 'Published', empty: 'No published reviews.' },
  { state: 'rejected', label: 'Rejected', empty: 'No rejected reviews.' },
  { state: 'removed', label: 'Removed', empty: 'No removed reviews.' },
];
const PAGE_SIZE = 10;
/** A reject or remove tells the author why in at least this many characters (the server's rule). */
const REASON_MIN = REVIEW_LIMITS.moderationReasonMin;

const DECISIONS: Record<ModerationDecision, { verb: string; done: string; danger: boolean }> = {
  publish: { verb: 'Publish', done: 'The review is published; the author was e-mailed.', danger: false },
  reject: { verb: 'Reject', done: 'The review is rejected; the author was e-mailed the reason.', danger: true },
  remove: { verb: 'Remove', done: 'The review is removed; the author was e-mailed the reason.', danger: true },
};

/** What an administrator may decide on a review in this state (docs/product.md 13.6). */
function decisionsFor(state: ReviewState): ModerationDecision[] {
  if (state === 'pending') return ['publish', 'reject', 'remove'];
  if (state === 'published') return ['remove'];
  return ['publish'];
}

function DecisionDialog({ review, decision, onClose }: { review: ModerationReview; decision: ModerationDecision; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [moderate, { isLoading }] = useModerateReviewMutation();
  const { verb, done, danger } = DECISIONS[decision];
  const send = async () => {
    // Publishing needs no reason; rejecting or removing tells the author why (docs/product.md 29.3).
    if (decision !== 'publish' && reason.trim().length < REASON_MIN) {
      setProblem(`Give the author a reason of at least ${REASON_MIN} characters.`);
      return;
    }
    const answer = await moderate({ review_id: review.id, decision, reason: reason.trim(), doctor_id: review.doctor.id });
    if (answer.error) {
      setProblem(failureMessage(answer.error, 'The decision could not be saved. Please try again.'));
      return;
    }
    toast.success(done);
    onClose();
  };
  return (
    <Dialog
      open
      title={`${verb} “${review.title}”`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={isLoading}>
            Cancel
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button-danger' : 'button-primary'}`}
            onClick={() => void send()}
            disabled={isLoading}
            aria-busy={isLoading}
          >
            {verb} and e-mail the author
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={`${id}-reason`}>
          {decision === 'publish' ? 'Reason (optional when publishing; the author reads it in the e-mail)' : 'Reason (the author reads it in the e-mail)'}
        </label>
        <textarea
          id={`${id}-reason`}
          className="textarea"
          rows={4}
          maxLength={REVIEW_LIMITS.moderationReasonMax}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      {decision !== 'publish' && <p className="muted small">At least {REASON_MIN} characters.</p>}
      <FormError id={`${id}-problem`}>{problem}</FormError>
    </Dialog>
  );
}

function ModerationEntry({ review }: { review: ModerationReview }) {
  const [decision, setDecision] = useState<ModerationDecision>();
  const practice = clinicOrPracticeName({
    claimed: true,
    firstName: review.doctor.first_name,
    lastName: review.doctor.last_name,
    clinicName: review.doctor.clinic_name,
  });
  return (
    <li className="card queue-item moderation-item">
      <div className="queue-head">
        <div className="moderation-body">
          <p className="moderation-line">
            <RatingStars value={review.rating} /> <strong className="moderation-title">{review.title}</strong>
          </p>
          <p className="muted small">
            By {review.author.first_name} {review.author.last_name} ({review.author.email}, account opened {formatDate(review.author.created_at)}) about{' '}
            <Link to={routePath('doctorProfile', { id: review.doctor.id })}>{practice}</Link> · {review.species} · visited {review.visit_month} · written{' '}
            {formatDateTime(review.created_at)}
            {review.client_ip ? ` · from ${review.client_ip}` : ''}
          </p>
          {review.hold_reason && (
            <p className="small moderation-hold">
              <strong>Held because:</strong> {review.hold_reason}
            </p>
          )}
          {review.report_count > 0 && (
            <div className="small">
              <span className="badge badge-amber">{countOf(review.report_count, 'report')}</span>
              <ul className="moderation-reports">
                {review.reports.map((report, i) => (
                  <li key={i}>
                    {formatDate(report.created_at)}: {report.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="moderation-text">{review.text}</p>
          {review.reply && (
            <p className="small muted">
              Practice’s reply ({formatDate(review.reply.created_at)}): {review.reply.text}
            </p>
          )}
          {review.moderation_reason && <p className="small">Last decision’s reason: {review.moderation_reason}</p>}
        </div>
        <div className="queue-actions">
          {decisionsFor(review.state).map((choice) => (
            <button
              key={choice}
              type="button"
              className={`button ${DECISIONS[choice].danger ? 'button-danger' : 'button-primary'}`}
              onClick={() => setDecision(choice)}
            >
              {DECISIONS[choice].verb}
              <span className="visually-hidden"> “{review.title}”</span>
            </button>
          ))}
        </div>
      </div>
      {decision && <DecisionDialog review={review} decision={decision} onClose={() => setDecision(undefined)} />}
    </li>
  );
}

export default function ReviewsTab() {
  const [state, setState] = useState<ReviewState>('pending');
  const [page, setPage] = useState(1);
  // Asked again each time the tab opens.
  const list = useAdminReviewsQuery({ state, page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const result = list.isError ? { data: [], totalCount: 0 } : list.currentData;
  const current = STATES.find((s) => s.state === state)!;
  return (
    <>
      <StateTabs
        tabs={STATES}
        state={state}
        count={result?.totalCount}
        onChange={(next) => {
          setState(next);
          setPage(1);
        }}
      />
      {!result ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading reviews…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="card skeleton-card" aria-hidden="true" />
          ))}
        </div>
      ) : result.data.length === 0 ? (
        <p className="empty-state">{current.empty}</p>
      ) : (
        <ul className="queue" aria-busy={list.isFetching}>
          {result.data.map((review) => (
            <ModerationEntry key={review.id} review={review} />
          ))}
        </ul>
      )}
      {result && result.totalCount > PAGE_SIZE && <Pagination page={page} pageSize={PAGE_SIZE} total={result.totalCount} onChange={(p) => setPage(p)} />}
    </>
  );
}
