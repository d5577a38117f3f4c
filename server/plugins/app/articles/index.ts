// The articles area as one plugin (decision record 098): `fastify.articles` with the database, the
// change announcer, the uploads and the AI settings bound. Manage Articles (article-editor.ts: list,
// create, edit, publish, withdraw, delete, each with its audit row), 'Draft with AI' (ai-draft.ts),
// article images (article-images.ts) and the published articles the public pages read
// (article-repository.ts). Routes import from this area only this file.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminArticleCreateBody, AdminArticleListBody, AdminArticleUpdateBody, AiStatus } from '../../../../shared/schemas/article-editor';
import { domainError } from '../../../lib/domain-error';
import type { Actor } from '../audit/audit-log';
import { AI_DISABLED_MESSAGE, requestAiDraft } from './ai-draft';
import { createArticle, deleteArticle, findArticleForEditor, listAllArticles, setPublished, updateArticle } from './article-editor';
import { storeArticleImage, type ImagePurpose } from './article-images';
import { publishedAnswers } from './published-answers';

export type { ImagePurpose };

function articlesOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const announcer = fastify.changes;
  const ai = fastify.config.ai;
  return {
    /** Every article (published and drafts, blog and AI), most recently changed first. */
    list: (query: AdminArticleListBody) => listAllArticles(db, query),
    /** One article as the editor sees it; 404 when it does not exist. */
    get: async (id: number) => {
      const article = await findArticleForEditor(db, id);
      if (!article) throw domainError(404, 'NOT_FOUND', 'This article does not exist; it may have been deleted.');
      return article;
    },
    create: (actor: Actor, input: AdminArticleCreateBody) => createArticle(db, actor, input),
    update: (actor: Actor, input: AdminArticleUpdateBody) => updateArticle(db, announcer, actor, input, fastify.clock.now()),
    publish: (actor: Actor, id: number) => setPublished(db, announcer, actor, id, true, fastify.clock.now()),
    unpublish: (actor: Actor, id: number) => setPublished(db, announcer, actor, id, false, fastify.clock.now()),
    remove: (actor: Actor, id: number) => deleteArticle(db, announcer, actor, id),
    /** Whether 'Draft with AI' is configured, and how to turn it on. */
    aiStatus: (): AiStatus =>
      ai
        ? { enabled: true, message: `Drafts come from the model ${ai.model}. Each one is saved unpublished for your review.` }
        : { enabled: false, message: AI_DISABLED_MESSAGE },
    /** Asks the configured model for a draft and saves it as an unpublished AI article (nothing is saved on failure). */
    aiDraft: async (actor: Actor, topicAsSent: string) => {
      if (!ai) throw domainError(503, 'AI_NOT_CONFIGURED', AI_DISABLED_MESSAGE);
      const topic = topicAsSent.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
      if (topic.length < 3) throw domainError(400, 'VALIDATION_ERROR', 'Describe the topic in a few words.', { field: 'topic' });
      const draft = await requestAiDraft(ai, topic);
      return createArticle(
        db,
        actor,
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
    /** Checks, re-encodes and stores an image for an article (decision 076: the site's own images only). */
    storeImage: (ownerId: number, purpose: ImagePurpose, bytes: Buffer) => storeArticleImage(fastify.uploads, ownerId, purpose, bytes),
    /** What readers see: published articles of one kind, as cached answers (published-answers.ts). */
    published: publishedAnswers(fastify),
  };
}

export type Articles = ReturnType<typeof articlesOf>;

declare module 'fastify' {
  interface FastifyInstance {
    articles: Articles;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('articles', articlesOf(fastify));
  },
  { name: 'articles', dependencies: ['database', 'listing', 'uploads'] },
);

export { default as articleRoutes } from './routes/index';
