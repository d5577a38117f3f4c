// Manage Articles (docs/product.md, Articles): POST /api/admin/articles/<verb>, administrators only.
// Thin routes: the schema validates, requireAdmin authorizes, `fastify.articles` (plugins/app/articles)
// changes the data together with the audit log.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import multipart from '@fastify/multipart';
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
  UploadedImageSchema,
} from '../../../../../shared/schemas/article-editor';
import { errorResponses } from '../../../../../shared/schemas/common';
import { actorOf } from '../../admin/index';
import { imagePurpose, type ImagePurpose } from '../article-images';
import { IMAGE_RULES } from '../../uploads/index';

const tags = ['admin: articles'];
const refusals = errorResponses(400, 401, 403, 404);

export default async function adminArticleRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { articles } = fastify;
  fastify.addHook('onRequest', fastify.requireAdmin as onRequestAsyncHookHandler);
  // Scoped to these routes: only upload-image reads multipart bodies (fastify.uploads.readOneFile).
  await fastify.register(multipart);

  fastify.post('/list', {
    schema: {
      tags,
      summary: 'Every article (published and drafts, blog and AI), most recently changed first',
      body: AdminArticleListBody,
      response: { 200: AdminArticleListSchema, ...refusals },
    },
    handler: (request) => articles.list(request.body),
  });

  fastify.post('/get', {
    schema: {
      tags,
      summary: 'One article as the editor sees it, draft or published',
      body: AdminArticleIdBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => articles.get(request.body.id),
  });

  fastify.post('/create', {
    schema: {
      tags,
      summary: 'A new unpublished article; the HTML is sanitised with an allow-list',
      body: AdminArticleCreateBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => articles.create(actorOf(request), request.body),
  });

  fastify.post('/update', {
    schema: {
      tags,
      summary: 'Changes the fields sent; created_at and published_at are kept',
      body: AdminArticleUpdateBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => articles.update(actorOf(request), request.body),
  });

  fastify.post('/publish', {
    schema: {
      tags,
      summary: 'Publishes; for an AI article this records the reviewing administrator',
      body: AdminArticleIdBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => articles.publish(actorOf(request), request.body.id),
  });

  fastify.post('/unpublish', {
    schema: {
      tags,
      summary: 'Takes the article off the public pages (it stays as a draft)',
      body: AdminArticleIdBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => articles.unpublish(actorOf(request), request.body.id),
  });

  fastify.post('/delete', {
    schema: {
      tags,
      summary: 'Deletes the article for good',
      body: AdminArticleIdBody,
      response: { 200: Type.Object({ message: Type.String() }), ...refusals },
    },
    handler: async (request) => {
      await articles.remove(actorOf(request), request.body.id);
      return { message: 'The article was deleted.' };
    },
  });

  fastify.post('/ai-status', {
    schema: {
      tags,
      summary: "Whether 'Draft with AI' is configured, and how to turn it on",
      response: { 200: AiStatusSchema, ...errorResponses(401, 403) },
    },
    handler: async () => articles.aiStatus(),
  });

  fastify.post('/ai-draft', {
    schema: {
      tags,
      summary: 'Asks the configured chat-completions endpoint for a draft and saves it as an unpublished AI article',
      body: AiDraftBody,
      response: { 200: AdminArticleSchema, ...refusals, ...errorResponses(502, 503, 504) },
    },
    handler: (request) => articles.aiDraft(actorOf(request), request.body.topic),
  });

  fastify.post('/upload-image', {
    schema: {
      tags,
      summary:
        'An image for an article: multipart/form-data with `purpose` (cover, avatar or inline) and the file in `image`; JPEG, PNG or WebP up to 5 MB, re-encoded as WebP',
      consumes: ['multipart/form-data'],
      response: { 200: UploadedImageSchema, ...refusals, ...errorResponses(413, 503) },
    },
    handler: async (request) => {
      let purpose: ImagePurpose = 'inline';
      const bytes = await fastify.uploads.readOneFile(request, {
        field: 'image',
        noun: 'image',
        maxBytes: IMAGE_RULES.maxBytes,
        onField: (name, value) => {
          purpose = imagePurpose(name, value);
        },
        sentences: { oneAtATime: 'Upload one image at a time.', missing: 'Choose an image to upload.' },
      });
      return articles.storeImage(request.user.id, purpose, bytes);
    },
  });
}
