// POST /api/admin/articles/ai-status: whether 'Draft with AI' works here, and the sentence saying so.
import type { AiStatus } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';

const getAiStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    articleAiStatus: build.query<AiStatus, void>({
      query: () => ({ url: '/admin/articles/ai-status', body: {}, silent: true }),
    }),
  }),
});

export const { useArticleAiStatusQuery } = getAiStatusApi;
