// POST /api/user/messages: a page of the contact messages pet owners sent the signed-in vet
// (docs/product.md, Plans and payment). Never kept once the panel closes.
import type { Static } from '@sinclair/typebox';
import type { MessagesAnswer } from '../../../../shared/schemas/plan-features';
import { api } from '../../../lib/api';

const getMyMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    myMessages: build.query<Static<typeof MessagesAnswer>, { page: number; pageSize: number }>({
      query: (body) => ({ url: '/user/messages', body, silent: true }),
      providesTags: ['Messages'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useMyMessagesQuery } = getMyMessagesApi;
