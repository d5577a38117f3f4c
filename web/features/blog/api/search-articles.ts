// POST /api/articles/search and /api/ai_articles/search: a page of published articles.
import type { ArticleList, ArticleSearchBody } from '../../../../shared/schemas/article';
import { BLOG_DEFAULTS } from '../../../../shared/constants/messages';
import { api } from '../../../lib/api';
import { articlesPath, type ArticleKind } from './article-kind';
import { articlesShown, type Dispatch, type FirstScreen } from '../../../lib/first-screen';

const searchArticlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchArticles: build.query<ArticleList, ArticleSearchBody & { kind: ArticleKind }>({
      // Not silent: a failure shows the error toast and the 'Searching...' spinner stays on (docs/product.md, Messages).
      query: ({ kind, ...body }) => ({ url: `${articlesPath(kind)}/search`, body }),
      providesTags: (result, _error, { kind }) => [
        { type: 'Article', id: `${kind}-LIST` },
        ...(result?.data ?? []).map((article) => ({ type: 'Article' as const, id: `${kind}-${article.id}` })),
      ],
    }),
  }),
});

export const { useSearchArticlesQuery } = searchArticlesApi;

/**
 * Puts the list's first page the page embedded (page 1, the default size, no search words) into the cache, when the
 * address asks for that page: another page or a search asks the API.
 */
export function seedArticleList(dispatch: Dispatch, screen: FirstScreen | undefined) {
  const articles = screen?.data.articles;
  if (!articles || screen.search !== '') return;
  const arg = { kind: articlesShown(screen), pageSize: BLOG_DEFAULTS.pageSize, currentVal: BLOG_DEFAULTS.page, searchVal: '' };
  dispatch(searchArticlesApi.util.upsertQueryEntries([{ endpointName: 'searchArticles', arg, value: articles }]));
}
