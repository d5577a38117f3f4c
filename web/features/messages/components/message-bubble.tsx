// One message of a thread as a bubble: mine on the right, theirs on the left, a photo as a thumbnail that opens
// full size, the time, and a menu on the other side's messages to report one (docs/product.md section 32).
import { useState } from 'react';
import { formatDateTime, formatMessageTime } from '../../../../shared/lib/formats';
import { Dialog } from '../../../components/ui/dialog';
import type { Message } from '../api/types';
import { MenuButton } from '../../../components/ui/menu-button';
import { now } from '../../../lib/clock';

interface Props {
  message: Message;
  mine: boolean;
  /** Who wrote it, for the photo's description ('You', 'Lakeview Pet Clinic'). */
  author: string;
  /** 'Read' under it (my last message, once the other side has read it). */
  read: boolean;
  onReport: (messageId: number) => void;
}

export function MessageBubble({ message, mine, author, read, onReport }: Props) {
  const [photoOpen, setPhotoOpen] = useState(false);
  const photoText = `Photo from ${author}`;
  // The line left when the other account was closed: the thread's own note, not anybody's bubble.
  if (message.kind === 'closed')
    return (
      <li className="message-system" data-message-id={message.id}>
        {message.text}
      </li>
    );
  return (
    <li className={`message ${mine ? 'is-mine' : 'is-theirs'}`} data-message-id={message.id}>
      <div className="message-bubble">
        <span className="visually-hidden">{mine ? 'You: ' : `${author}: `}</span>
        {message.photo && (
          <button type="button" className="message-photo" onClick={() => setPhotoOpen(true)}>
            <img src={message.photo} alt={photoText} loading="lazy" width={200} height={150} />
            <span className="visually-hidden"> (open full size)</span>
          </button>
        )}
        {message.text && <p className="message-text">{message.text}</p>}
        {message.held && mine && <p className="message-held">Held for review: the other side sees it once an administrator has checked it.</p>}
      </div>
      <div className="message-meta">
        <time dateTime={message.created_at} title={formatDateTime(message.created_at)}>
          {formatMessageTime(message.created_at, now())}
        </time>
        {read && <span className="message-read">Read</span>}
        {!mine && (
          <MenuButton
            label={`Actions for the message sent ${formatDateTime(message.created_at)}`}
            items={[{ label: 'Report', action: () => onReport(message.id) }]}
          >
            <span aria-hidden="true">⋯</span>
          </MenuButton>
        )}
      </div>
      {message.photo && photoOpen && (
        <Dialog open title={photoText} onClose={() => setPhotoOpen(false)} width={960}>
          <img className="message-photo-full" src={message.photo} alt={photoText} />
        </Dialog>
      )}
    </li>
  );
}
