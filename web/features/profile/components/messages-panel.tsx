// /viewprofile: messages pet owners sent through the contact form, newest first, a page at a time.
import { useState } from 'react';
import { formatDate } from '../../../../shared/lib/formats';
import { useMyMessagesQuery } from '../api/get-my-messages';
import '../profile.css';

const PAGE_SIZE = 10;

export function MessagesPanel() {
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useMyMessagesQuery({ page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <section className="card plan-panel" id="messages" aria-labelledby="messages-heading">
      <h2 id="messages-heading">Messages{data ? ` (${data.totalCount})` : ''}</h2>
      {error ? (
        <p className="form-error">{(error as { message?: string }).message}</p>
      ) : !data ? (
        <p aria-busy="true">Loading messages…</p>
      ) : data.data.length === 0 ? (
        <p className="muted">No messages yet. Pet owners can write to you from your public page.</p>
      ) : (
        <ul className="contact-message-list" aria-busy={isFetching}>
          {data.data.map((m) => (
            <li key={m.id}>
              <p className="contact-message-meta">
                <strong>{m.name}</strong> · <a href={`mailto:${m.email}`}>{m.email}</a>
                {m.phone && (
                  <>
                    {' '}
                    · <a href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}>{m.phone}</a>
                  </>
                )}
                {m.species && ` · ${m.species}`} · {formatDate(m.created_at)}
              </p>
              <p className="contact-message-text">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="actions">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span className="muted">
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
    </section>
  );
}
