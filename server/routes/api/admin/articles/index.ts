// Manage Articles (decisions.md section 8): POST /api/admin/articles/<verb>, administrators only.
// Thin routes: the schema validates, requireAdmin authorizes, the commands in
// plugins/app/articles/article-editor.ts change the data together with the audit log.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AdminArticleCreateBody,
  AdminArticleIdBody,
  AdminArticleListBody,
  AdminArticleListSchema,
  AdminArticleSchema,
  AdminArticleUpdateBody,
  AiDraftBody,
  AiStatusSchema,
} from '../../../../../shared/schemas/article-editor';
import { ErrorSchema } from '../../../../../shared/schemas/user';
import { httpError } from '../../../../lib/http-error';
import { AI_DISABLED_MESSAGE, requestAiDraft } from '../../../../plugins/app/articles/ai-draft';
import { createArticle, deleteArticle, findArticleForEditor, listAllArticles, setPublished, updateArticle } from '../../../../plugins/app/articles/article-editor';

const tags = ['admin: articles'];
const refusals = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export default async function adminArticleRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = fastify.database;
  const ai = fastify.config.ai;
  fastify.addHook('preHandler', fastify.requireAdmin);

  fastify.post('/list', {
    schema: { tags, summary: 'Every article (published and drafts, blog and AI), most recently changed first', body: AdminArticleListBody, response: { 200: AdminArticleListSchema, ...refusals } },
    handler: (request) => listAllArticles(db, request.body),
  });

  fastify.post('/get', {
    schema: { tags, summary: 'One article as the editor sees it, draft or published', body: AdminArticleIdBody, response: { 200: AdminArticleSchema, ...refusals } },
    handler: async (request) => {
      const article = await findArticleForEditor(db, request.body.id);
      if (!article) throw httpError(404, 'NOT_FOUND', 'This article does not exist; it may have been deleted.');
      return article;
    },
  });

  fastify.post('/create', {
    schema: { tags, summary: 'A new unpublished article; the HTML is sanitised with an allow-list', body: AdminArticleCreateBody, response: { 200: AdminArticleSchema, ...refusals } },
    handler: (request) => createArticle(db, request.user.id, request.body),
  });

  fastify.post('/update', {
    schema: { tags, summary: 'Changes the fields sent; created_at and published_at are kept', body: AdminArticleUpdateBody, response: { 200: AdminArticleSchema, ...refusals } },
    handler: (request) => updateArticle(db, request.user.id, request.body),
  });

  fastify.post('/publish', {
    schema: { tags, summary: 'Publishes; for an AI article this records the reviewing administrator', body: AdminArticleIdBody, response: { 200: AdminArticleSchema, ...refusals } },
    handler: (request) => setPublished(db, request.user.id, request.body.id, true),
  });

  fastify.post('/unpublish', {
    schema: { tags, summary: 'Takes the article off the public pages (it stays as a draft)', body: AdminArticleIdBody, response: { 200: AdminArticleSchema, ...refusals } },
    handler: (request) => setPublished(db, request.user.id, request.body.id, false),
  });

  fastify.post('/delete', {
    schema: { tags, summary: 'Deletes the article for good', body: AdminArticleIdBody, response: { 200: Type.Object({ message: Type.String() }), ...refusals } },
    handler: async (request) => {
      await deleteArticle(db, request.user.id, request.body.id);
      return { message: 'The article was deleted.' };
    },
  });

  fastify.post('/ai-status', {
    schema: { tags, summary: "Whether 'Draft with AI' is configured, and how to turn it on", response: { 200: AiStatusSchema, 401: ErrorSchema, 403: ErrorSchema } },
    handler: async () => (ai ? { enabled: true, message: `Drafts come from the model ${ai.model}. Each one is saved unpublished for your review.` } : { enabled: false, message: AI_DISABLED_MESSAGE }),
  });

  fastify.post('/ai-draft', {
    schema: {
      tags,
      summary: 'Asks the configured chat-completions endpoint for a draft and saves it as an unpublished AI article',
      body: AiDraftBody,
      response: { 200: AdminArticleSchema, ...refusals, 502: ErrorSchema, 503: ErrorSchema, 504: ErrorSchema },
    },
    handler: async (request) => {
      if (!ai) throw httpError(503, 'AI_NOT_CONFIGURED', AI_DISABLED_MESSAGE);
      const topic = request.body.topic.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
      if (topic.length < 3) throw httpError(400, 'VALIDATION_ERROR', 'Describe the topic in a few words.', { field: 'topic' });
      const draft = await requestAiDraft(ai, topic);
      return createArticle(
        db,
        request.user.id,
        { kind: 'ai', title: draft.title, author: 'Animal Doctor Editorial', avatar: '/images/authors/animal-doctor-editorial.svg', contents: draft.contents, sub_content: draft.subContent },
        { aiTopic: topic },
      );
    },
  });
}
