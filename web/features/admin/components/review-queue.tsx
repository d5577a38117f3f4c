// The review queue tab of /admin (docs/product.md section 6): an administrator opens a submitted
// profile, sees what changed since the last decision, and approves it or rejects it with a reason;
// the vet is e-mailed either way.
import { useState } from 'react';
import type { ReviewQueueAnswer, ReviewQueueItem } from '../../../../shared/schemas/admin';
import type { ReviewQueueInput } from '../../../../shared/schemas/profile';
import { REVIEW_REASON_MIN } from '../../../../shared/lib/profile-rules';
import { Dialog } from '../../../components/ui/dialog';
import { Pagination } from '../../../components/ui/pagination';
import { StateTabs } from './state-tabs';
import { ProfilePreview } from '../../../components/profile/profile-preview';
import { countOf, formatDate } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { useReviewQueueQuery } from '../api/get-review-queue';
import { useReviewProfileMutation } from '../api/review-profile';
import { describeChanges } from './labels';
import { practiceName } from '../../../../shared/lib/practice-name';

type ReviewState = ReviewQueueInput['state'];

const TABS: { state: ReviewState; label: string }[] = [
  { state: 'pending', label: 'In review' },
  { state: 'approved', label: 'Approved' },
  { state: 'rejected', label: 'Rejected' },
];
const PAGE_SIZE = 10;

const NOTHING: ReviewQueueAnswer = { data: [], totalCount: 0 };

function QueueEntry({ item }: { item: ReviewQueueItem }) {
  const { user, changes } = item;
  const profile = user.profile;
  const [open, setOpen] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reviewProfile, { isLoading: busy }] = useReviewProfileMutation();
  // Only a vet's own (claimed) practice comes up for review: named as its card will name it.
  const name = practiceName({ claimed: true, firstName: user.first_name, lastName: user.last_name, clinicName: profile?.clinic_name });

  const decide = async (decision: 'approve' | 'reject') => {
    try {
      await reviewProfile({ user_id: user.id, decision, reason: decision === 'reject' ? reason.trim() : '' }).unwrap();
      toast.success(decision === 'approve' ? `${name} is approved and listed.` : `${name} was rejected; the reason was e-mailed.`);
      setRejecting(false);
      // The decision invalidates the queue (api/review-profile.ts): the list reloads without this entry.
    } catch {
      // The API client showed the message; the dialog keeps the reason.
    }
  };

  return (
    <li className="card queue-item">
      <div className="queue-head">
        <div>
          <h2 className="queue-title">{profile?.clinic_name ?? name}</h2>
          <p className="muted">
            {name} · {user.email}
            {profile?.city ? ` · ${profile.city}, ${profile.state}` : ''}
          </p>
          <p className="muted small">
            {user.submit_at && `Submitted ${formatDate(user.submit_at)}`}
            {user.review_state !== 'pending' && user.reviewed_at && ` · decided ${formatDate(user.reviewed_at)}`}
            {changes.length > 0 && <span className="badge">{countOf(changes.length, 'change')} since the last decision</span>}
          </p>
          {user.review_state === 'rejected' && user.review_reason && <p className="small">Reason: {user.review_reason}</p>}
        </div>
        <div className="queue-actions">
          <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? 'Close' : 'Open'}
          </button>
          {user.review_state === 'pending' && (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => decide('approve')}>
              Approve
            </button>
          )}
          {user.review_state !== 'rejected' && (
            <button type="button" className="button button-danger" disabled={busy} onClick={() => setRejecting(true)}>
              Reject
            </button>
          )}
        </div>
      </div>
      {open && (
        <div className="queue-detail">
          {changes.length > 0 && (
            <div className="notice">
              <h3>Changes since the last decision</h3>
              <ul className="plain-list">
                {changes.map((change) => (
                  <li key={change.at + change.section}>
                    {formatDate(change.at)} – {change.section.replace('_', ' ')}: {describeChanges(change.changes)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {profile ? <ProfilePreview user={user} profile={profile} /> : <p className="muted">No profile details.</p>}
        </div>
      )}
      <Dialog
        open={rejecting}
        title={`Reject ${name}`}
        onClose={() => setRejecting(false)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setRejecting(false)}>
              Cancel
            </button>
            <button type="button" className="button button-danger" disabled={busy || reason.trim().length < REVIEW_REASON_MIN} onClick={() => decide('reject')}>
              Reject and e-mail the vet
            </button>
          </>
        }
      >
        <label className="field" htmlFor={`reason-${user.id}`}>
          <span>Reason (the vet reads it in the e-mail and on their profile)</span>
          <textarea
            id={`reason-${user.id}`}
            className="textarea"
            rows={4}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <p className="muted small">At least {REVIEW_REASON_MIN} characters.</p>
      </Dialog>
    </li>
  );
}

export function ReviewQueue() {
  const [state, setState] = useState<ReviewState>('pending');
  const [page, setPage] = useState(1);
  // Asked again each time the tab opens; a failure (toasted by the API client) shows an empty list.
  const queue = useReviewQueueQuery({ page, pageSize: PAGE_SIZE, state }, { refetchOnMountOrArgChange: true });
  const loading = queue.isFetching;
  const result = queue.isError ? NOTHING : queue.data;

  return (
    <>
      <StateTabs
        tabs={TABS}
        state={state}
        count={result && !loading ? result.totalCount : undefined}
        onChange={(next) => {
          setState(next);
          setPage(1);
        }}
      />
      {loading && !result ? (
        <div className="page-loader" role="status">
          <span className="spinner" />
          Loading profiles...
        </div>
      ) : result && result.data.length === 0 ? (
        <p className="empty-state">{state === 'pending' ? 'No profiles are waiting for review.' : 'No profiles here yet.'}</p>
      ) : (
        <ul className={`queue${loading ? ' is-loading' : ''}`} aria-busy={loading}>
          {result?.data.map((item) => (
            <QueueEntry key={item.user.id} item={item} />
          ))}
        </ul>
      )}
      {result && result.totalCount > PAGE_SIZE && <Pagination page={page} pageSize={PAGE_SIZE} total={result.totalCount} onChange={(p) => setPage(p)} />}
    </>
  );
}
