// POST /api/admin/articles/delete: removes an article from the site and the editor's list.
import type { AdminArticle } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';
import { articleChanged } from './get-article';

const deleteArticleApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteArticle: build.mutation<{ message: string }, Pick<AdminArticle, 'id' | 'kind'>>({
      query: ({ id }) => ({ url: '/admin/articles/delete', body: { id }, silent: true }),
      invalidatesTags: (_result, error, article) => (error ? [] : articleChanged(article)),
    }),
  }),
});

export const { useDeleteArticleMutation } = deleteArticleApi;
