// POST /api/admin/articles/publish and /unpublish: readers see the article, or no longer do.
import type { AdminArticle } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';
import { articleChanged, storeAnsweredArticle } from './get-article';

const publishArticleApi = api.injectEndpoints({
  endpoints: (build) => ({
    setArticlePublished: build.mutation<AdminArticle, { id: number; published: boolean }>({
      query: ({ id, published }) => ({ url: `/admin/articles/${published ? 'publish' : 'unpublish'}`, body: { id }, silent: true }),
      invalidatesTags: (result) => (result ? articleChanged(result) : []),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeAnsweredArticle(dispatch, queryFulfilled),
    }),
  }),
});

export const { useSetArticlePublishedMutation } = publishArticleApi;
