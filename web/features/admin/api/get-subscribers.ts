// POST /api/admin/subscribers: a page of newsletter subscribers (docs/product.md, Administration).
import type { SubscribersAnswer, SubscribersBody } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api';

export type SubscribersQuery = Partial<SubscribersBody> & { page: number; pageSize: number };

const getSubscribersApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribers: build.query<SubscribersAnswer, SubscribersQuery>({
      query: (body) => ({ url: '/admin/subscribers', body }),
      providesTags: ['AdminSubscribers'],
    }),
  }),
});

export const { useSubscribersQuery } = getSubscribersApi;
