// POST /api/admin/articles/get: one article for the editor, published or not.
import type { AdminArticle } from '../../../../shared/schemas/article-editor';
import { api } from '../../../lib/api';

export const getArticleApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminArticle: build.query<AdminArticle, number>({
      // Silent: the page says 'Article not available' with the server's sentence.
      query: (id) => ({ url: '/admin/articles/get', body: { id }, silent: true }),
      providesTags: (_result, _error, id) => [{ type: 'AdminArticle', id }],
    }),
  }),
});

export const { useAdminArticleQuery } = getArticleApi;

/** The tags a stored article changes: the editor's list, and the public list and page of its kind. */
export const articleChanged = (article: Pick<AdminArticle, 'id' | 'kind'>) => [
  { type: 'AdminArticle' as const, id: 'LIST' },
  { type: 'Article' as const, id: `${article.kind}-LIST` },
  { type: 'Article' as const, id: `${article.kind}-${article.id}` },
];

/**
 * A write that answers the stored article puts it in the cache of get-article at once, so the open
 * form keeps showing (a new article's address changes to ?edit=<id> without a loading screen).
 */
export async function storeAnsweredArticle(dispatch: (action: unknown) => unknown, answered: Promise<{ data: AdminArticle }>): Promise<void> {
  try {
    const { data } = await answered;
    dispatch(getArticleApi.util.upsertQueryData('adminArticle', data.id, data));
  } catch {
    // A refused write changes nothing.
  }
}
