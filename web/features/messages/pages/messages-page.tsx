// /messages (docs/product.md section 32): the account's conversations, newest first: the other side, the last line,
// when it was sent and a dot for unread ones. An owner sees practices; a practice the same page with its owners.
import { Link } from 'react-router';
import { paths, routePath } from '../../../../shared/routes';
import { formatMessageTime } from '../../../../shared/lib/formats';
import { useAppSelector } from '../../../app/store';
import { isOwner } from '../../auth';
import { AccountListPage, type ListTexts } from '../../../components/ui/list-shell';
import { useThreadsQuery } from '../api/get-threads';
import { THREADS_PAGE_SIZE } from '../components/unread-count';
import type { ThreadSummary } from '../api/types';
import '../messages.css';
import { now } from '../../../lib/clock';

const FAILURE = { failure: 'Your conversations could not be loaded.', loading: 'Loading your conversations…' };

const OWNER_TEXTS: ListTexts = {
  ...FAILURE,
  empty: {
    text: "No conversations yet. Open a practice's profile and write to it under 'Send a message': the conversation starts there.",
    action: { to: paths.searchDoctor, label: 'Find a vet' },
  },
};

const PRACTICE_TEXTS: ListTexts = {
  ...FAILURE,
  empty: {
    text: "No conversations yet. A conversation starts when a pet owner writes to your practice with 'Send a message' on its profile.",
    action: { to: paths.viewProfile, label: 'Your Profile' },
  },
};

function ThreadRow({ thread }: { thread: ThreadSummary }) {
  const unread = thread.unread > 0;
  const last = thread.last_message;
  const name = thread.other_party.name;
  return (
    <li>
      <Link to={routePath('thread', { id: thread.id })} className={`thread-row${unread ? ' is-unread' : ''}`}>
        <span className="thread-dot" aria-hidden="true" />
        <span className="thread-row-head">
          <span className="thread-name">
            {name}
            {unread && <span className="visually-hidden"> ({thread.unread} unread)</span>}
          </span>
          <time className="thread-time" dateTime={last?.created_at ?? thread.updated_at}>
            {formatMessageTime(last?.created_at ?? thread.updated_at, now())}
          </time>
        </span>
        <span className="thread-last">
          {last ? (
            <>
              {last.from === thread.other_party.kind ? '' : 'You: '}
              {last.photo && !last.text ? 'Photo' : last.text}
            </>
          ) : (
            'No messages yet'
          )}
        </span>
      </Link>
    </li>
  );
}

export default function MessagesPage() {
  const owner = useAppSelector(isOwner);
  return (
    <AccountListPage<ThreadSummary>
      title="Messages"
      lead={owner ? 'Your conversations with practices, newest first.' : "Pet owners' conversations with your practice, newest first."}
      texts={owner ? OWNER_TEXTS : PRACTICE_TEXTS}
      useList={useThreadsQuery}
      pageSize={THREADS_PAGE_SIZE}
      listClass="thread-list"
      item={(thread) => <ThreadRow key={thread.id} thread={thread} />}
    />
  );
}
