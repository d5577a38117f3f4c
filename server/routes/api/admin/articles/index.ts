// Manage Articles (docs/product.md, Articles): POST /api/admin/articles/<verb>, administrators only.
// Thin routes: the schema validates, requireAdmin authorizes, the commands in
// plugins/app/articles/article-editor.ts change the data together with the audit log.
import type { FastifyInstance } from 'fastify';
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
import { ErrorSchema } from '../../../../../shared/schemas/user';
import { domainError } from '../../../../lib/domain-error';
import { ARTICLE_IMAGES_PREFIX, IMAGE_MESSAGES, IMAGE_RULES, storeVariants, toWebpVariants } from '../../../../lib/images';
import { actorOf } from '../../../../plugins/app/admin/index';
import { AI_DISABLED_MESSAGE, requestAiDraft } from '../../../../plugins/app/articles/ai-draft';
import {
  createArticle,
  deleteArticle,
  findArticleForEditor,
  listAllArticles,
  setPublished,
  updateArticle,
} from '../../../../plugins/app/articles/article-editor';

const tags = ['admin: articles'];

/** How each kind of article image is stored: covers and inline images keep their shape, avatars are square. */
const IMAGE_PURPOSES = {
  cover: { prefix: `${ARTICLE_IMAGES_PREFIX}cover`, size: 1600, fit: 'inside' },
  inline: { prefix: `${ARTICLE_IMAGES_PREFIX}inline`, size: 1600, fit: 'inside' },
  avatar: { prefix: `${ARTICLE_IMAGES_PREFIX}avatar`, size: 256, fit: 'cover' },
} as const;
type ImagePurpose = keyof typeof IMAGE_PURPOSES;
// NOTE: an own-property check: `in` also finds toString, constructor and __proto__ on the prototype.
const isImagePurpose = (value: string): value is ImagePurpose => Object.hasOwn(IMAGE_PURPOSES, value);
const refusals = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export default async function adminArticleRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = fastify.database;
  const ai = fastify.config.ai;
  fastify.addHook('preHandler', fastify.requireAdmin);
  // Scoped to these routes: only upload-image reads multipart bodies, one file of at most 5 MB.
  await fastify.register(multipart, { limits: { fileSize: IMAGE_RULES.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 64 } });

  fastify.post('/list', {
    schema: {
      tags,
      summary: 'Every article (published and drafts, blog and AI), most recently changed first',
      body: AdminArticleListBody,
      response: { 200: AdminArticleListSchema, ...refusals },
    },
    handler: (request) => listAllArticles(db, request.body),
  });

  fastify.post('/get', {
    schema: {
      tags,
      summary: 'One article as the editor sees it, draft or published',
      body: AdminArticleIdBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: async (request) => {
      const article = await findArticleForEditor(db, request.body.id);
      if (!article) throw domainError(404, 'NOT_FOUND', 'This article does not exist; it may have been deleted.');
      return article;
    },
  });

  fastify.post('/create', {
    schema: {
      tags,
      summary: 'A new unpublished article; the HTML is sanitised with an allow-list',
      body: AdminArticleCreateBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => createArticle(db, actorOf(request), request.body),
  });

  fastify.post('/update', {
    schema: {
      tags,
      summary: 'Changes the fields sent; created_at and published_at are kept',
      body: AdminArticleUpdateBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => updateArticle(db, fastify.changes, actorOf(request), request.body),
  });

  fastify.post('/publish', {
    schema: {
      tags,
      summary: 'Publishes; for an AI article this records the reviewing administrator',
      body: AdminArticleIdBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => setPublished(db, fastify.changes, actorOf(request), request.body.id, true),
  });

  fastify.post('/unpublish', {
    schema: {
      tags,
      summary: 'Takes the article off the public pages (it stays as a draft)',
      body: AdminArticleIdBody,
      response: { 200: AdminArticleSchema, ...refusals },
    },
    handler: (request) => setPublished(db, fastify.changes, actorOf(request), request.body.id, false),
  });

  fastify.post('/delete', {
    schema: {
      tags,
      summary: 'Deletes the article for good',
      body: AdminArticleIdBody,
      response: { 200: Type.Object({ message: Type.String() }), ...refusals },
    },
    handler: async (request) => {
      await deleteArticle(db, fastify.changes, actorOf(request), request.body.id);
      return { message: 'The article was deleted.' };
    },
  });

  fastify.post('/ai-status', {
    schema: {
      tags,
      summary: "Whether 'Draft with AI' is configured, and how to turn it on",
      response: { 200: AiStatusSchema, 401: ErrorSchema, 403: ErrorSchema },
    },
    handler: async () =>
      ai
        ? { enabled: true, message: `Drafts come from the model ${ai.model}. Each one is saved unpublished for your review.` }
        : { enabled: false, message: AI_DISABLED_MESSAGE },
  });

  fastify.post('/ai-draft', {
    schema: {
      tags,
      summary: 'Asks the configured chat-completions endpoint for a draft and saves it as an unpublished AI article',
      body: AiDraftBody,
      response: { 200: AdminArticleSchema, ...refusals, 502: ErrorSchema, 503: ErrorSchema, 504: ErrorSchema },
    },
    handler: async (request) => {
      if (!ai) throw domainError(503, 'AI_NOT_CONFIGURED', AI_DISABLED_MESSAGE);
      const topic = request.body.topic.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
      if (topic.length < 3) throw domainError(400, 'VALIDATION_ERROR', 'Describe the topic in a few words.', { field: 'topic' });
      const draft = await requestAiDraft(ai, topic);
      return createArticle(
        db,
        actorOf(request),
        {
          kind: 'ai',
          title: draft.title,
          author: 'Animal Doctor Editorial',
          avatar: '/images/authors/animal-doctor-editorial.svg',
          contents: draft.contents,
          sub_content: draft.subContent,
        },
        { aiTopic: topic },
      );
    },
  });

  fastify.post('/upload-image', {
    schema: {
      tags,
      summary:
        'An image for an article: multipart/form-data with `purpose` (cover, avatar or inline) and the file in `image`; JPEG, PNG or WebP up to 5 MB, re-encoded as WebP',
      consumes: ['multipart/form-data'],
      response: { 200: UploadedImageSchema, ...refusals, 413: ErrorSchema, 503: ErrorSchema },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw domainError(400, 'MULTIPART_REQUIRED', "Send the image as multipart/form-data in the field 'image'.");
      let purpose: ImagePurpose = 'inline';
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            const value = String(part.value);
            if (part.fieldname !== 'purpose' || !isImagePurpose(value))
              throw domainError(400, 'VALIDATION_ERROR', "Field 'purpose' must be cover, avatar or inline.", { field: 'purpose' });
            purpose = value;
            continue;
          }
          if (part.fieldname !== 'image') {
            part.file.resume();
            throw domainError(400, 'VALIDATION_ERROR', "Send the image in the form field 'image'.", { field: 'image' });
          }
          bytes = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw domainError(413, 'IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { field: 'image' });
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw domainError(400, 'VALIDATION_ERROR', 'Upload one image at a time.', { field: 'image' });
        throw error;
      }
      if (!bytes) throw domainError(400, 'VALIDATION_ERROR', 'Choose an image to upload.', { field: 'image' });
      const rule = IMAGE_PURPOSES[purpose];
      const variants = await toWebpVariants(bytes, [rule.size], rule.fit, { field: 'image' });
      const stored = await storeVariants(fastify.storage, variants, { prefix: rule.prefix, sizes: [rule.size], fit: rule.fit, ownerId: request.user.id });
      return { url: stored.url, width: variants[0]!.width, height: variants[0]!.height };
    },
  });
}
