// /messages/:id (docs/product.md section 32): one conversation. Messages as bubbles, oldest at the top, with
// 'Show earlier messages' paging back (`before`); the composer at the bottom; 'Read' under my last message once
// the other side read it; a menu per message (Report) and for the thread (Block); the owner's pets and
// appointments beside it. New messages arrive through the tab's event stream (../live/message-events.ts).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../shared/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { failureMessage, failureStatus } from '../../../lib/api';
import { PageLoader } from '../../../components/ui/page-loader';
import { useLazyThreadQuery, useThreadQuery } from '../api/get-thread';
import type { Message, ThreadAnswer } from '../api/types';
import { BLOCKED_SENTENCE, Composer } from '../components/composer';
import { MessageBubble } from '../components/message-bubble';
import { MenuButton } from '../../../components/ui/menu-button';
import { BlockDialog, ReportMessageDialog, useUnblock } from '../components/safety-dialogs';
import { ThreadSide } from '../components/thread-side';
import '../messages.css';

/** The older pages read so far, oldest first, and whether there are more. */
function useEarlierMessages(threadId: number, shown: Message[], first: ThreadAnswer) {
  const [earlier, setEarlier] = useState<Message[]>([]);
  const [more, setMore] = useState<boolean>();
  const [problem, setProblem] = useState<string>();
  const [read, { isFetching }] = useLazyThreadQuery();
  const load = async () => {
    const oldest = shown[0];
    if (!oldest) return;
    setProblem(undefined);
    const answer = await read({ id: threadId, before: oldest.id });
    if (answer.error || !answer.data) {
      setProblem(failureMessage(answer.error, 'The earlier messages could not be loaded. Please try again.'));
      return;
    }
    const page = answer.data;
    setEarlier((known) => [...[...page.data].reverse(), ...known]);
    setMore(page.has_more);
  };
  return { earlier, more: more ?? first.has_more, load, loading: isFetching, problem };
}

function Thread({ threadId, answer }: { threadId: number; answer: ThreadAnswer }) {
  const { side: mySide, other_party: other, blocked_by_me: blockedByMe, blocked_by_other: blockedByOther } = answer.thread;
  const owner = mySide === 'owner';
  const name = other.name;
  const unblock = useUnblock(threadId);
  const [reporting, setReporting] = useState<number>();
  const [blocking, setBlocking] = useState(false);
  const newest = useMemo(() => [...answer.data].reverse(), [answer.data]);
  const older = useEarlierMessages(threadId, newest, answer);
  const messages = useMemo(() => {
    const seen = new Set<number>();
    return [...older.earlier, ...newest].filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
  }, [older.earlier, newest]);
  const lastMine = [...messages].reverse().find((m) => m.from === mySide);

  // The newest message in view: at the bottom on opening and whenever a new one arrives; an earlier page keeps the place.
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const fromBottom = useRef(0);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId]);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && fromBottom.current) box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = 0;
  }, [older.earlier.length]);
  const loadEarlier = () => {
    const box = scroller.current;
    if (box) fromBottom.current = box.scrollHeight - box.scrollTop;
    void older.load();
  };

  // Why nobody can write here, if nobody can: the other account was closed, this side blocked, or the other side did.
  const stopped = other.closed
    ? 'This account was closed, so the conversation cannot go on.'
    : blockedByMe
      ? `You blocked ${name}: neither of you can send messages in this conversation until you unblock it.`
      : blockedByOther
        ? BLOCKED_SENTENCE
        : undefined;
  return (
    <>
      <div className="thread-head">
        <Link to={paths.messages} className="thread-back">
          <span aria-hidden="true">←</span>
          All messages
        </Link>
        <h1>{name}</h1>
        {!other.closed && (
          <MenuButton
            label={`Conversation actions for ${name}`}
            items={[blockedByMe ? { label: 'Unblock', action: unblock } : { label: 'Block', action: () => setBlocking(true) }]}
            className="thread-menu"
          >
            <span aria-hidden="true">⋯</span>
          </MenuButton>
        )}
      </div>
      <div className="thread-layout">
        <div className="thread-main card">
          <div className="thread-messages" ref={scroller} tabIndex={0} role="region" aria-label={`Messages with ${name}`}>
            {older.more && (
              <div className="thread-earlier">
                <button type="button" className="button" onClick={loadEarlier} disabled={older.loading} aria-busy={older.loading}>
                  {older.loading ? 'Loading…' : 'Show earlier messages'}
                </button>
                {older.problem && (
                  <p className="form-error" role="alert">
                    {older.problem}
                  </p>
                )}
              </div>
            )}
            {messages.length === 0 ? (
              <p className="muted thread-empty">No messages yet. Write the first one below.</p>
            ) : (
              <ol className="message-list">
                {messages.map((m) => (
                  <MessageBubble
                    key={m.id}
                    message={m}
                    mine={m.from === mySide}
                    author={m.from === mySide ? 'you' : name}
                    read={m === lastMine && Boolean(m.read_at)}
                    onReport={setReporting}
                  />
                ))}
              </ol>
            )}
          </div>
          {stopped ? (
            <p className="thread-blocked" role="status">
              {stopped}
            </p>
          ) : (
            <Composer to={{ thread_id: threadId }} label={`Your message to ${name}`} />
          )}
        </div>
        <ThreadSide answer={answer} owner={owner} />
      </div>
      {reporting !== undefined && <ReportMessageDialog messageId={reporting} onClose={() => setReporting(undefined)} />}
      {blocking && <BlockDialog threadId={threadId} name={name} onClose={() => setBlocking(false)} />}
    </>
  );
}

export default function ThreadPage() {
  const { id } = useParams();
  const threadId = Number(id);
  const valid = Number.isSafeInteger(threadId) && threadId > 0;
  const query = useThreadQuery({ id: threadId }, { skip: !valid, refetchOnMountOrArgChange: true });
  const other = query.data?.thread.other_party.name;
  usePageTitle(other ? `Messages with ${other}` : 'Messages');
  let body;
  if (!valid || (query.isError && (failureStatus(query.error) === 404 || failureStatus(query.error) === 403)))
    body = (
      <div className="notice" role="alert">
        <p>This conversation does not exist or is not yours.</p>
        <Link className="button" to={paths.messages}>
          All messages
        </Link>
      </div>
    );
  else if (query.isError && !query.currentData)
    body = (
      <div className="notice" role="alert">
        <p>{failureMessage(query.error, 'This conversation could not be loaded.')}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (!query.data) body = <PageLoader />;
  else body = <Thread key={threadId} threadId={threadId} answer={query.data} />;
  return (
    <section className="section thread-page">
      <div className="container">{body}</div>
    </section>
  );
}
