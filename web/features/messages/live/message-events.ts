// Live conversations (docs/product.md section 32; docs/decisions/221-one-event-stream-per-tab.md): while someone is
// signed in, the tab keeps ONE EventSource on /api/messages/events, whoever asks for it. EventSource cannot send
// the session's header, so each connection first asks POST /api/messages/events/link for a one-minute link.
// `unread` writes the menu's count straight into the cache; `message` and `read` read the thread and the list
// again, so an open thread shows a new message within a moment. A dropped stream comes back after 1, 2, 4 ...
// 30 seconds with a fresh link, and what changed meanwhile is read again. Effects only: nothing connects during
// a server render.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { api } from '../../../lib/api';
import { unreadApi, type UnreadAnswer } from '../api/get-unread';

/** RTK Query's thunks go through the store's dispatch, which types only the static slices (as storeAnsweredArticle does). */
type Dispatch = (action: unknown) => unknown;

const MAX_DELAY_MS = 30_000;

/** The wait before the next try after `failures` failed ones: 1 s, 2 s, 4 s ... 30 s, with a little jitter. */
export const reconnectDelay = (failures: number, random = Math.random()): number =>
  Math.round(Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.max(0, failures - 1)) * (0.8 + 0.4 * random));

const eventsLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    messageEventsLink: build.mutation<{ url: string; expires_in: number }, void>({
      query: () => ({ url: '/messages/events/link', silent: true }),
    }),
  }),
});

/** What a connection needs from the app: the store's dispatch and a fresh stream link (undefined when refused). */
export interface StreamDeps {
  dispatch: Dispatch;
  link: () => Promise<string | undefined>;
}

interface Connection {
  token: string;
  users: number;
  source?: EventSource;
  timer?: ReturnType<typeof setTimeout>;
  failures: number;
  closed: boolean;
  deps: StreamDeps;
}

let connection: Connection | undefined;

function dataOf(event: MessageEvent): { thread_id?: unknown; unread_total?: unknown } {
  try {
    return JSON.parse(String(event.data)) as { thread_id?: unknown; unread_total?: unknown };
  } catch {
    return {};
  }
}

function retry(current: Connection) {
  if (current.closed) return;
  current.failures += 1;
  current.timer = setTimeout(() => void open(current), reconnectDelay(current.failures));
}

async function open(current: Connection) {
  const { dispatch } = current.deps;
  const url = await current.deps.link().catch(() => undefined);
  if (current.closed) return;
  if (!url) return retry(current);
  const source = new EventSource(url);
  current.source = source;
  const threadChanged = (event: MessageEvent) => {
    const threadId = dataOf(event).thread_id;
    dispatch(api.util.invalidateTags(typeof threadId === 'number' ? ['Threads', { type: 'Thread', id: threadId }] : ['Threads', 'Thread']));
  };
  source.addEventListener('message', threadChanged);
  source.addEventListener('read', threadChanged);
  source.addEventListener('unread', (event: MessageEvent) => {
    const total = dataOf(event).unread_total;
    if (typeof total === 'number') dispatch(unreadApi.util.upsertQueryData('unread', undefined, { unread_total: total } satisfies UnreadAnswer));
  });
  source.addEventListener('open', () => {
    // Back after a drop: what changed meanwhile is read again.
    if (current.failures > 0) dispatch(api.util.invalidateTags(['Threads', 'Thread']));
    current.failures = 0;
  });
  source.addEventListener('error', () => {
    // The browser would retry with the same link, which expires within a minute: a fresh one after a pause instead.
    source.close();
    retry(current);
  });
}

function close(current: Connection) {
  current.closed = true;
  clearTimeout(current.timer);
  current.source?.close();
  if (connection === current) connection = undefined;
}

/**
 * Holds the tab's one stream for the session `token`: the first holder opens it, the last release closes it, and
 * a holder with another token (a new session) replaces it. Returns the release.
 */
export function holdMessageStream(token: string, deps: StreamDeps): () => void {
  if (connection && connection.token !== token) close(connection);
  if (!connection) {
    connection = { token, users: 0, failures: 0, closed: false, deps };
    void open(connection);
  }
  const current = connection;
  current.users += 1;
  return () => {
    current.users -= 1;
    if (current.users === 0) close(current);
  };
}

/** Keeps the tab's one event stream open while a component using this is mounted with a signed-in session. */
export function useMessageEvents(enabled: boolean) {
  const token = useAppSelector((state) => (state.auth.logined ? state.auth.token : ''));
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled || !token || typeof EventSource === 'undefined') return;
    const run = dispatch as Dispatch;
    const link = async () => ((await run(eventsLinkApi.endpoints.messageEventsLink.initiate())) as { data?: { url: string } }).data?.url;
    return holdMessageStream(token, { dispatch: run, link });
  }, [enabled, token, dispatch]);
}
