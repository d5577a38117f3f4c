// POST /api/messages/thread: a thread's newest 50 messages, or the 50 before `before`; reading marks the
// other side's messages read (docs/product.md section 32), so the list's unread dots change with it.
import { api } from '../../../lib/api';
import type { ThreadAnswer, ThreadInput } from './types';

const threadApi = api.injectEndpoints({
  endpoints: (build) => ({
    thread: build.query<ThreadAnswer, ThreadInput>({
      query: (body) => ({ url: '/messages/thread', body, silent: true }),
      // Only the newest page follows changes; an earlier page, once read, stays as it was.
      providesTags: (_answer, _error, { id, before }) => (before === undefined ? [{ type: 'Thread', id }] : []),
      // The first page read marks messages read: the list and the menu's count follow.
      async onQueryStarted({ before }, { dispatch, queryFulfilled }) {
        if (before !== undefined) return;
        try {
          await queryFulfilled;
          dispatch(threadApi.util.invalidateTags(['Threads']));
        } catch {
          // The page shows the failure.
        }
      },
    }),
  }),
});

export const { useThreadQuery, useLazyThreadQuery } = threadApi;
