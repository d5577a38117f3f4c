// POST /api/messages/block { thread_id, blocked? } (either side, `blocked: false` lifts one's own block; the other side's sends then answer 403 BLOCKED) and
// POST /api/messages/report { message_id, reason } (three reports hold a message) (docs/product.md section 32).
import { api } from '../../../lib/api';

const safetyApi = api.injectEndpoints({
  endpoints: (build) => ({
    blockThread: build.mutation<{ thread_id: number; blocked: boolean }, { thread_id: number; blocked?: boolean }>({
      query: (body) => ({ url: '/messages/block', body, silent: body.blocked !== false }),
      invalidatesTags: (_answer, _error, { thread_id }) => ['Threads', { type: 'Thread', id: thread_id }],
    }),
    reportMessage: build.mutation<{ reported: true; held: boolean }, { message_id: number; reason: string }>({
      query: (body) => ({ url: '/messages/report', body, silent: true }),
    }),
  }),
});

export const { useBlockThreadMutation, useReportMessageMutation } = safetyApi;
