// The Messages tab of /admin (docs/product.md section 32): messages held (a new account's links or contact details,
// or three reports) and messages reported, held first; an administrator releases one to the other side or removes
// it for good. Loaded only when the tab opens.
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { countOf, formatDateTime } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { HELD_PAGE_SIZE, useHeldMessagesQuery, useModerateMessageMutation, type HeldMessage } from '../api/held-messages';

const STATE_TEXT: Record<HeldMessage['state'], string> = { held: 'Held', shown: 'Shown', removed: 'Removed' };

function HeldEntry({ message }: { message: HeldMessage }) {
  const [removing, setRemoving] = useState(false);
  const [moderate, { isLoading }] = useModerateMessageMutation();
  const decide = async (decision: 'release' | 'remove') => {
    const answer = await moderate({ id: message.id, decision });
    setRemoving(false);
    if (!answer.error) toast.success(decision === 'release' ? 'The message is shown to the other side.' : 'The message is removed.');
  };
  const who = `${message.sender_name} (${message.from === 'owner' ? 'pet owner' : 'practice'})`;
  return (
    <li className="card queue-item moderation-item" data-message-id={message.id}>
      <div className="queue-head">
        <div className="moderation-body">
          <p className="muted small">
            <span className={`badge ${message.state === 'held' ? 'badge-amber' : ''}`}>{STATE_TEXT[message.state]}</span> From {who} · conversation{' '}
            {message.thread_id} · sent {formatDateTime(message.created_at)}
          </p>
          {message.hold_reason && (
            <p className="small moderation-hold">
              <strong>Held because:</strong> {message.hold_reason}
            </p>
          )}
          {message.report_count > 0 && (
            <div className="small">
              <span className="badge badge-amber">{countOf(message.report_count, 'report')}</span>
              <ul className="moderation-reports">
                {message.reasons.map((reason, i) => (
                  <li key={i}>{reason}</li>
                ))}
              </ul>
            </div>
          )}
          {message.photo && (
            <a href={message.photo} target="_blank" rel="noreferrer">
              <img src={message.photo} alt={`Photo sent by ${message.sender_name}`} width={160} height={120} className="held-photo" />
            </a>
          )}
          <p className="moderation-text">{message.text}</p>
        </div>
        {message.state !== 'removed' && (
          <div className="queue-actions">
            {message.state === 'held' && (
              <button type="button" className="button button-primary" disabled={isLoading} onClick={() => void decide('release')}>
                Release<span className="visually-hidden"> the message from {message.sender_name}</span>
              </button>
            )}
            <button type="button" className="button button-danger" disabled={isLoading} onClick={() => setRemoving(true)}>
              Remove<span className="visually-hidden"> the message from {message.sender_name}</span>
            </button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={removing}
        title="Remove this message?"
        confirmLabel="Remove"
        busyLabel="Removing…"
        danger
        busy={isLoading}
        onCancel={() => setRemoving(false)}
        onConfirm={() => void decide('remove')}
      >
        <p>Nobody will see this message again, and its photo is deleted.</p>
      </ConfirmDialog>
    </li>
  );
}

export default function MessagesTab() {
  const [page, setPage] = useState(1);
  const list = useHeldMessagesQuery({ page }, { refetchOnMountOrArgChange: true });
  const result = list.isError ? { data: [], totalCount: 0 } : list.currentData;
  return (
    <>
      <p className="muted">Messages held for a check (a new account's links or contact details, or three reports) and messages people reported, held first.</p>
      {!result ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading messages…</span>
          {[0, 1].map((i) => (
            <div key={i} className="card skeleton-card" aria-hidden="true" />
          ))}
        </div>
      ) : result.data.length === 0 ? (
        <p className="empty-state">No messages are held or reported.</p>
      ) : (
        <ul className="queue" aria-busy={list.isFetching}>
          {result.data.map((message) => (
            <HeldEntry key={message.id} message={message} />
          ))}
        </ul>
      )}
      {result && result.totalCount > HELD_PAGE_SIZE && (
        <Pagination page={page} pageSize={HELD_PAGE_SIZE} total={result.totalCount} onChange={(p) => setPage(p)} />
      )}
    </>
  );
}
