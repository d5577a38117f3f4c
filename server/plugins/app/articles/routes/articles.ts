// Public article reads, for blog articles (/api/articles) and AI-assisted ones (/api/ai_articles):
// POST search and get-by-id as the spec's client calls them, the same as cacheable GETs (server/lib/get-twin.ts),
// and an article at its own address (`GET /api/articles/12`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ArticleIdBody, ArticleListSchema, ArticleSchema, ArticleSearchBody } from '../../../../../shared/schemas/article';
import { errorResponses } from '../../../../../shared/schemas/common';
import { domainError } from '../../../../lib/domain-error';
import { sendCachedAnswer } from '../../../../lib/http-cache';
import { publicRead } from '../../../../lib/get-twin';

const ArticleIdText = Type.String({ pattern: '^:?\\d{1,9}$' });

export function publicArticleRoutes(kind: 'blog' | 'ai') {
  const tags = [kind === 'ai' ? 'ai_articles' : 'articles'];
  const routes: FastifyPluginAsyncTypebox = async (fastify) => {
    // The answers are kept by the articles area until an article changes (plugins/app/articles/published-answers.ts).
    const { published } = fastify.articles;

    const search = async (request: FastifyRequest, reply: FastifyReply, query: ArticleSearchBody) => {
      return sendCachedAnswer(request, reply, await published.search(kind, query), 60);
    };
    const byId = async (request: FastifyRequest, reply: FastifyReply, rawId: number | string) => {
      const id = typeof rawId === 'number' ? rawId : Number(rawId.replace(/^:/, ''));
      const article = await published.find(kind, id);
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
        response: { 200: ArticleListSchema, ...errorResponses(400) },
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
        response: { 200: ArticleSchema, ...errorResponses(400, 404) },
      },
      (request, reply, body) => byId(request, reply, body.id),
    );
    fastify.get('/:id', {
      schema: {
        tags,
        summary: 'One published article as a cacheable GET',
        params: Type.Object({ id: ArticleIdText }),
        response: { 200: ArticleSchema, ...errorResponses(404) },
      },
      handler: (request, reply) => byId(request, reply, request.params.id),
    });
  };
  return routes;
}
