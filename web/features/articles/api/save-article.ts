// POST /api/admin/articles/create and /update: a new article (saved unpublished) or changes to one.
import type { AdminArticle, AdminArticleCreateBody, AdminArticleUpdateBody } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';
import { articleChanged, storeAnsweredArticle } from './get-article';

const saveArticleApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Silent: the form shows a refusal above its fields and keeps what was typed.
    createArticle: build.mutation<AdminArticle, AdminArticleCreateBody>({
      query: (body) => ({ url: '/admin/articles/create', body, silent: true }),
      invalidatesTags: (result) => (result ? articleChanged(result) : []),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => storeAnsweredArticle(dispatch, queryFulfilled),
    }),
    updateArticle: build.mutation<AdminArticle, AdminArticleUpdateBody>({
      query: (body) => ({ url: '/admin/articles/update', body, silent: true }),
      invalidatesTags: (result) => (result ? articleChanged(result) : []),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => storeAnsweredArticle(dispatch, queryFulfilled),
    }),
  }),
});

export const { useCreateArticleMutation, useUpdateArticleMutation } = saveArticleApi;
