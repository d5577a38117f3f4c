import { formatDate } from '../../../../shared/lib/formats';
import '../blog.css';

/** The author's avatar (or initials), name and date of an article. */
export function AuthorLine({ author, avatar, date }: { author: string; avatar: string | null; date: string }) {
  const initials = author
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="author-line">
      {avatar ? (
        <img className="author-avatar" src={avatar} alt="" width={36} height={36} />
      ) : (
        <span className="author-avatar author-initials" aria-hidden="true">
          {initials}
        </span>
      )}
      <span>
        <span className="author-name">{author}</span>
        <span className="author-date">{formatDate(date)}</span>
      </span>
    </div>
  );
}
