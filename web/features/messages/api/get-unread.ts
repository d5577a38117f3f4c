// POST /api/messages/unread: the unread total the menu shows, one indexed read (docs/product.md section 32). The live
// stream's `unread` events write their total straight into this answer (../live/message-events.ts).
import { api } from '../../../lib/api';

export interface UnreadAnswer {
  unread_total: number;
}

export const unreadApi = api.injectEndpoints({
  endpoints: (build) => ({
    unread: build.query<UnreadAnswer, void>({
      query: () => ({ url: '/messages/unread', silent: true }),
      providesTags: ['Threads'],
    }),
  }),
});

export const { useUnreadQuery } = unreadApi;
