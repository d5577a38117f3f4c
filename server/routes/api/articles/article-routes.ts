// Public article reads, for blog articles (/api/articles) and AI-assisted ones (/api/ai_articles):
// POST search and get-by-id as the spec's client calls them, the same as cacheable GETs (server/lib/get-twin.ts),
// and an article at its own address (`GET /api/articles/12`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ArticleIdBody, ArticleListSchema, ArticleSchema, ArticleSearchBody } from '../../../../shared/schemas/article';
import { ErrorSchema } from '../../../../shared/schemas/common';
import { domainError } from '../../../lib/domain-error';
import { sendCachedAnswer } from '../../../lib/http-cache';
import { publicRead } from '../../../lib/get-twin';
import { AnswerCache } from '../../../lib/answer-cache';

const ArticleIdText = Type.String({ pattern: '^:?\\d{1,9}$' });

export function articleRoutes(kind: 'blog' | 'ai') {
  const tags = [kind === 'ai' ? 'ai_articles' : 'articles'];
  const routes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { published } = fastify.articles;
    // Article lists and articles are among the most read answers and change only when an
    // administrator edits, publishes, withdraws or deletes one, which is announced as 'article
    // changed' (here and on the other app servers): answers are kept for SEARCH_CACHE_SECONDS, or
    // until then. A listing change leaves them alone.
    const answers = new AnswerCache(fastify.config.searchCacheSeconds * 1000, fastify.clock, undefined, fastify.metrics.cacheLookups(`${kind} articles`));
    const off = fastify.changes.on('article changed', () => answers.clear());
    fastify.addHook('onClose', async () => off());

    const search = async (request: FastifyRequest, reply: FastifyReply, query: ArticleSearchBody) => {
      const key = JSON.stringify(['search', query.pageSize, query.currentVal, query.searchVal.trim()]);
      return sendCachedAnswer(request, reply, (await answers.answer(key, () => published.search(kind, query)))!, 60);
    };
    const byId = async (request: FastifyRequest, reply: FastifyReply, rawId: number | string) => {
      const id = typeof rawId === 'number' ? rawId : Number(rawId.replace(/^:/, ''));
      const article = await answers.answer(JSON.stringify(['article', id]), () => published.find(kind, id));
      if (!article) throw domainError(404, 'NOT_FOUND', 'This article does not exist or is no longer published.');
      return sendCachedAnswer(request, reply, article, 300);
    };

    publicRead(
      fastify,
      '/search',
      {
        tags,
        summary: 'Published articles, newest first, matching title, summary or text',
        body: ArticleSearchBody,
        response: { 200: ArticleListSchema, 400: ErrorSchema },
      },
      search,
    );
    publicRead(
      fastify,
      '/get-by-id',
      {
        tags,
        summary: "One published article; a leading ':' of the id is stripped",
        body: ArticleIdBody,
        response: { 200: ArticleSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
      (request, reply, body) => byId(request, reply, body.id),
    );
    fastify.get('/:id', {
      schema: {
        tags,
        summary: 'One published article as a cacheable GET',
        params: Type.Object({ id: ArticleIdText }),
        response: { 200: ArticleSchema, 404: ErrorSchema },
      },
      handler: (request, reply) => byId(request, reply, request.params.id),
    });
  };
  return routes;
}
