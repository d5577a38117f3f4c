// POST /api/articles/get-by-id (id sent with its leading colon, ':12', docs/product.md, Screens and routes) and
// /api/ai_articles/get-by-id (the colon stripped, a number). A failure other than "not found" is a
// toast: 'Server Error' for an AI article (docs/product.md, Messages), the server's text for a blog article.
import type { Article } from '../../../../shared/schemas/article';
import { MESSAGES } from '../../../../shared/constants/messages';
import { api, type ApiFailure } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { articlesPath, type ArticleKind } from './article-kind';
import { articlesShown, recordId, type Dispatch, type FirstScreen } from '../../../lib/first-screen';

/** The article does not exist or is not published: the page says so instead of a toast. */
export const isMissingArticle = (error: unknown) => {
  const status = (error as Partial<ApiFailure> | undefined)?.status;
  return status === 404 || status === 400;
};

const getArticleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getArticle: build.query<Article, { kind: ArticleKind; id: string }>({
      query: ({ kind, id }) => ({ url: `${articlesPath(kind)}/get-by-id`, body: { id: kind === 'ai' ? Number(id.replace(/^:/, '')) || 0 : id }, silent: true }),
      providesTags: (_result, _error, { kind, id }) => [{ type: 'Article', id: `${kind}-${id.replace(/^:/, '')}` }],
      async onQueryStarted({ kind }, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const { error, isUnhandledError } = failure as { error?: ApiFailure; isUnhandledError?: boolean };
          if (!error || isUnhandledError || isMissingArticle(error)) return; // not found: the page says so
          toast.error(kind === 'ai' ? MESSAGES.serverError : error.message);
        }
      },
    }),
  }),
});

export const { useGetArticleQuery } = getArticleApi;

/** Puts the article the page embedded into the cache as the answer for the route's :id. */
export function seedArticle(dispatch: Dispatch, screen: FirstScreen | undefined) {
  const article = screen?.data.article;
  if (!article) return;
  const arg = { kind: articlesShown(screen), id: recordId(screen) };
  dispatch(getArticleApi.util.upsertQueryEntries([{ endpointName: 'getArticle', arg, value: article }]));
}
