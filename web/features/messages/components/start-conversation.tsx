// 'Send a message' on a practice's profile for a signed-in owner (docs/product.md section 32): the first message is
// written right here; once sent, the conversation opens at /messages/:id. With a thread already there, a link
// continues it. Signed-out visitors keep the contact form (the profile page decides).
import { Link, useNavigate } from 'react-router';
import { routePath } from '../../../../shared/routes';
import { useAppSelector } from '../../../app/store';
import { useThreadsQuery } from '../api/get-threads';
import { Composer } from './composer';
import { THREADS_PAGE_SIZE } from './unread-count';
import '../messages.css';

export function StartConversation({ doctorId, clinic }: { doctorId: number; clinic: string }) {
  const navigate = useNavigate();
  const logined = useAppSelector((state) => state.auth.logined);
  // The newest threads hold this practice's when the owner wrote lately; otherwise the first message continues it.
  const { data } = useThreadsQuery({ page: 1, pageSize: THREADS_PAGE_SIZE }, { skip: !logined });
  const existing = data?.data.find((t) => t.other_party.kind === 'practice' && t.other_party.id === doctorId);
  return (
    <div className="card" id="contact">
      <h2>Send a message</h2>
      <p className="muted">
        Ask {clinic} a question. You can add a photo; their answer arrives in <strong>Messages</strong>.
      </p>
      {existing && (
        <p>
          <Link to={routePath('thread', { id: existing.id })}>Continue your conversation with {clinic}</Link>
        </p>
      )}
      <Composer to={{ doctor_id: doctorId }} label={`Message to ${clinic}`} onSent={(answer) => navigate(routePath('thread', { id: answer.thread_id }))} />
    </div>
  );
}
