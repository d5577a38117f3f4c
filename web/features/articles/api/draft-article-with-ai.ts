// POST /api/admin/articles/ai-draft: an AI-written draft on a topic, saved unpublished for review.
import type { AdminArticle } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';
import { storeAnsweredArticle } from './get-article';

const draftArticleApi = api.injectEndpoints({
  endpoints: (build) => ({
    draftArticleWithAi: build.mutation<AdminArticle, string>({
      // Silent: the dialog shows a refusal in place.
      query: (topic) => ({ url: '/admin/articles/ai-draft', body: { topic }, silent: true }),
      invalidatesTags: (result) => (result ? [{ type: 'AdminArticle', id: 'LIST' }] : []),
      onQueryStarted: (_topic, { dispatch, queryFulfilled }) => storeAnsweredArticle(dispatch, queryFulfilled),
    }),
  }),
});

export const { useDraftArticleWithAiMutation } = draftArticleApi;
