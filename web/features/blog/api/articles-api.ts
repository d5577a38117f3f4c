import type { Article, ArticleList } from '../../../../shared/schemas/article';
import { api } from '../../../lib/api-client';

export type ArticleKind = 'blog' | 'ai';
const base = (kind: ArticleKind) => (kind === 'ai' ? '/ai_articles' : '/articles');

export const articlesApi = {
  search: (kind: ArticleKind, body: { pageSize: number; currentVal: number; searchVal: string }) => api.post<ArticleList>(`${base(kind)}/search`, body),
  getById: (kind: ArticleKind, id: number | string, options?: { silent?: boolean }) => api.post<Article>(`${base(kind)}/get-by-id`, { id }, options),
};

export type { Article, ArticleList };
