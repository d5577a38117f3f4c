// What readers see (docs/product.md, Articles): published articles of one kind, as answers kept in a cache.
// Article lists and articles are among the most read answers and change only when an administrator edits,
// publishes, withdraws or deletes one, which is announced as 'article changed' (here and on the other app
// servers): answers are kept for SEARCH_CACHE_SECONDS, or until then. A listing change leaves them alone.
import type { FastifyInstance } from 'fastify';
import type { ArticleSearchBody } from '../../../../shared/schemas/article';
import { AnswerCache } from '../../../lib/answer-cache';
import type { CachedAnswer } from '../../../lib/http-cache';
import { findPublishedArticle, searchPublishedArticles } from './article-repository';

type Kind = 'blog' | 'ai';

export function publishedAnswers(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const cacheOf = (kind: Kind) =>
    new AnswerCache(fastify.config.searchCacheSeconds * 1000, fastify.clock, undefined, fastify.metrics.cacheLookups(`${kind} articles`));
  const caches: Record<Kind, AnswerCache> = { blog: cacheOf('blog'), ai: cacheOf('ai') };
  const off = fastify.changes.on('article changed', () => {
    caches.blog.clear();
    caches.ai.clear();
  });
  fastify.addHook('onClose', async () => off());
  return {
    /** A page of published articles, newest first, matching the query (always an answer, maybe empty). */
    search: async (kind: Kind, query: ArticleSearchBody): Promise<CachedAnswer> => {
      const key = JSON.stringify(['search', query.pageSize, query.currentVal, query.searchVal.trim()]);
      return (await caches[kind].answer(key, () => searchPublishedArticles(db, kind, query)))!;
    },
    /** One published article; undefined when it does not exist or is not published. */
    find: (kind: Kind, id: number): Promise<CachedAnswer | undefined> =>
      caches[kind].answer(JSON.stringify(['article', id]), () => findPublishedArticle(db, kind, id)),
  };
}
