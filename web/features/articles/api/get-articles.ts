// POST /api/admin/articles/list: a page of every article, drafts included (Manage Articles, administrators only).
import type { AdminArticleList, AdminArticleListBody } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';

const getArticlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminArticles: build.query<AdminArticleList, Partial<AdminArticleListBody>>({
      // Silent: the page explains a refusal in place, with 'Try again'.
      query: (body) => ({ url: '/admin/articles/list', body, silent: true }),
      providesTags: (result) => [
        { type: 'AdminArticle', id: 'LIST' },
        ...(result?.data ?? []).map((article) => ({ type: 'AdminArticle' as const, id: article.id })),
      ],
    }),
  }),
});

export const { useAdminArticlesQuery } = getArticlesApi;
