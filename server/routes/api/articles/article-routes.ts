// Public article reads, for blog articles (/api/articles) and AI-assisted ones (/api/ai_articles):
// POST search and get-by-id as the spec's client calls them, and the same as cacheable GETs.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ArticleIdBody, ArticleListSchema, ArticleSchema, ArticleSearchBody } from '../../../../shared/schemas/article';
import { ErrorSchema } from '../../../../shared/schemas/common';
import { domainError } from '../../../lib/domain-error';
import { sendCachedAnswer } from '../../../lib/http-cache';
import { AnswerCache } from '../../../lib/answer-cache';
import { findPublishedArticle, searchPublishedArticles } from '../../../plugins/app/articles/article-repository';

const SearchQuery = Type.Object(
  {
    pageSize: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', title: 'page size' })),
    currentVal: Type.Optional(Type.String({ pattern: '^\\d{1,6}$', title: 'page number' })),
    searchVal: Type.Optional(Type.String({ maxLength: 200, title: 'search words' })),
  },
  { additionalProperties: false },
);

const ArticleIdText = Type.String({ pattern: '^:?\\d{1,9}$' });

export function articleRoutes(kind: 'blog' | 'ai') {
  const tags = [kind === 'ai' ? 'ai_articles' : 'articles'];
  const routes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify.database;
    // Article lists and articles are among the most read answers and change only when an
    // administrator edits, publishes, withdraws or deletes one, which is announced as 'article
    // changed' (here and on the other app servers): answers are kept for SEARCH_CACHE_SECONDS, or
    // until then. A listing change leaves them alone.
    const answers = new AnswerCache(fastify.config.searchCacheSeconds * 1000);
    const off = fastify.changes.on('article changed', () => answers.clear());
    fastify.addHook('onClose', async () => off());

    const search = async (request: FastifyRequest, reply: FastifyReply, query: ArticleSearchBody) => {
      if (query.pageSize > 100 || query.pageSize < 1) throw domainError(400, 'VALIDATION_ERROR', 'Choose a page size from 1 to 100.', { field: 'pageSize' });
      if (query.currentVal < 1) throw domainError(400, 'VALIDATION_ERROR', 'The page number must be 1 or more.', { field: 'currentVal' });
      const key = JSON.stringify(['search', query.pageSize, query.currentVal, query.searchVal.trim()]);
      return sendCachedAnswer(request, reply, (await answers.answer(key, () => searchPublishedArticles(db, kind, query)))!, 60);
    };
    const byId = async (request: FastifyRequest, reply: FastifyReply, rawId: number | string) => {
      const id = typeof rawId === 'number' ? rawId : Number(rawId.replace(/^:/, ''));
      const article = await answers.answer(JSON.stringify(['article', id]), () => findPublishedArticle(db, kind, id));
      if (!article) throw domainError(404, 'NOT_FOUND', 'This article does not exist or is no longer published.');
      return sendCachedAnswer(request, reply, article, 300);
    };

    fastify.post('/search', {
      schema: {
        tags,
        summary: 'Published articles, newest first, matching title, summary or text',
        body: ArticleSearchBody,
        response: { 200: ArticleListSchema, 400: ErrorSchema },
      },
      handler: (request, reply) => search(request, reply, request.body),
    });
    fastify.get('/search', {
      schema: { tags, summary: 'The same search as a cacheable GET', querystring: SearchQuery, response: { 200: ArticleListSchema, 400: ErrorSchema } },
      handler: (request, reply) => {
        const q = request.query;
        return search(request, reply, { pageSize: Number(q.pageSize ?? 10), currentVal: Number(q.currentVal ?? 1), searchVal: q.searchVal ?? '' });
      },
    });
    fastify.post('/get-by-id', {
      schema: {
        tags,
        summary: "One published article; a leading ':' of the id is stripped",
        body: ArticleIdBody,
        response: { 200: ArticleSchema, 404: ErrorSchema },
      },
      handler: (request, reply) => byId(request, reply, request.body.id),
    });
    fastify.get('/:id', {
      schema: {
        tags,
        summary: 'One published article as a cacheable GET',
        params: Type.Object({ id: ArticleIdText }),
        response: { 200: ArticleSchema, 404: ErrorSchema },
      },
      handler: (request, reply) => byId(request, reply, request.params.id),
    });
    // The GET twin at the POST call's own path (docs/product.md, The API): `?id=12` or `?id=:12`.
    fastify.get('/get-by-id', {
      schema: {
        tags,
        summary: "One published article as a cacheable GET at the POST call's path",
        querystring: Type.Object({ id: ArticleIdText }, { additionalProperties: false }),
        response: { 200: ArticleSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
      handler: (request, reply) => byId(request, reply, request.query.id),
    });
  };
  return routes;
}
