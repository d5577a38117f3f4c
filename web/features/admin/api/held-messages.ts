// POST /api/admin/messages/held: held and reported messages, held first (docs/product.md section 32); release shows a
// held message to the other side, remove takes it away for good (POST /api/admin/messages/release | remove { id }).
import type { Static } from '@sinclair/typebox';
import type { HeldMessage as HeldMessageSchema } from '../../../../shared/schemas/messages';
import { api } from '../../../lib/api';

export type HeldMessage = Static<typeof HeldMessageSchema>;

/** The server's page of held and reported messages. */
export const HELD_PAGE_SIZE = 50;

const heldMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    heldMessages: build.query<{ data: HeldMessage[]; totalCount: number }, { page: number }>({
      query: (body) => ({ url: '/admin/messages/held', body }),
      providesTags: ['AdminMessages'],
    }),
    moderateMessage: build.mutation<{ id: number; state: 'shown' | 'removed' }, { id: number; decision: 'release' | 'remove' }>({
      query: ({ id, decision }) => ({ url: `/admin/messages/${decision}`, body: { id } }),
      invalidatesTags: (_answer, error) => (error ? [] : ['AdminMessages']),
    }),
  }),
});

export const { useHeldMessagesQuery, useModerateMessageMutation } = heldMessagesApi;
