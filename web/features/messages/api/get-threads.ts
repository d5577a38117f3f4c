// POST /api/messages/threads: the account's threads, newest first, with the unread count the menu shows
// (docs/product.md section 32).
import { api } from '../../../lib/api';
import type { ThreadsAnswer, ThreadsInput } from './types';

const threadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    threads: build.query<ThreadsAnswer, ThreadsInput>({
      query: (body) => ({ url: '/messages/threads', body, silent: true }),
      providesTags: ['Threads'],
    }),
  }),
});

export const { useThreadsQuery } = threadsApi;
