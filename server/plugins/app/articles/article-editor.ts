// Manage Articles commands (docs/product.md, Articles): list every article, create, edit, publish,
// unpublish and delete. Each change and its audit_log row are written in one transaction; a change
// a reader can see (an edit, publishing, withdrawing, deleting) is then announced as 'article changed'.
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { articles } from '../../../db/schema';
import { domainError } from '../../../lib/domain-error';
import type {
  AdminArticle,
  AdminArticleCreateBody,
  AdminArticleList,
  AdminArticleListBody,
  AdminArticleUpdateBody,
} from '../../../../shared/schemas/article-editor';
import { writeAudit, type Actor } from '../audit/audit-log';
import { isAllowedImageUrl, sanitizeArticleHtml, summaryFrom, textOf } from './article-html';
import { articlePage, escapeLike, findArticleWithReviewer, presentArticle, reviewerName, type ArticleWithReviewer } from './article-repository';
import type { Announcer } from '../listing/changes';

type ArticleRow = typeof articles.$inferSelect;
type Kind = 'blog' | 'ai';

export type AuditAction = 'article.create' | 'article.update' | 'article.publish' | 'article.unpublish' | 'article.delete' | 'article.ai_draft';

async function audit(tx: DbOrTx, actor: Actor, action: AuditAction, article: Pick<ArticleRow, 'id' | 'title' | 'kind'>, details: Record<string, unknown> = {}) {
  await writeAudit(tx, actor, { action, targetType: 'article', targetId: article.id, details: { title: article.title, kind: article.kind, ...details } });
}

/** The article as readers see it, with the date it was written, any reviewer (blog too), its state and AI topic. */
function present({ article: row, reviewerFirst, reviewerLast }: ArticleWithReviewer): AdminArticle {
  return {
    ...presentArticle(row, { createdAt: row.createdAt, reviewedBy: reviewerName(reviewerFirst, reviewerLast) }),
    updated_at: row.updatedAt.toISOString(),
    published: row.published,
    published_at: row.publishedAt?.toISOString() ?? null,
    ai_topic: row.aiTopic,
  };
}

export async function listAllArticles(db: DbOrTx, query: AdminArticleListBody): Promise<AdminArticleList> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(articles.kind, query.kind));
  if (query.published !== undefined) conditions.push(eq(articles.published, query.published));
  const term = query.search.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(
      or(ilike(articles.title, pattern), ilike(articles.author, pattern), ilike(articles.subContent, pattern), ilike(articles.contents, pattern))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await articlePage(db, where, articles.updatedAt, { number: query.page, size: query.pageSize });
  return { data: rows.map(present), totalCount: total };
}

export async function findArticleForEditor(db: DbOrTx, id: number): Promise<AdminArticle | undefined> {
  const row = await findArticleWithReviewer(db, eq(articles.id, id));
  return row ? present(row) : undefined;
}

async function requireArticle(db: DbOrTx, id: number): Promise<AdminArticle> {
  const article = await findArticleForEditor(db, id);
  if (!article) throw domainError(404, 'NOT_FOUND', 'This article does not exist; it may have been deleted.');
  return article;
}

/** Plain-text fields are refused (not silently changed) when they carry markup. */
function plainText(field: string, label: string, value: string): string {
  const trimmed = value.replace(/\s+/g, ' ').trim();
  if (/[<>]/.test(trimmed)) throw domainError(400, 'VALIDATION_ERROR', `${label} cannot contain < or >.`, { field });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw domainError(400, 'VALIDATION_ERROR', `${label} cannot contain control characters.`, { field });
  return trimmed;
}

function imageUrl(field: string, label: string, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!isAllowedImageUrl(trimmed))
    throw domainError(400, 'VALIDATION_ERROR', `${label} must be an image uploaded to this site. Please upload the image instead of giving its address.`, {
      field,
    });
  return trimmed;
}

interface CleanFields {
  title?: string;
  author?: string;
  avatar?: string | null;
  imgUrl?: string | null;
  imgAlt?: string;
  contents?: string;
  subContent?: string;
}

/** Validates and cleans what the editor sent; only the fields present are returned. */
function clean(input: Omit<AdminArticleUpdateBody, 'id'>): CleanFields {
  const out: CleanFields = {};
  if (input.title !== undefined) {
    out.title = plainText('title', 'The title', input.title);
    if (!out.title) throw domainError(400, 'VALIDATION_ERROR', 'Enter a title.', { field: 'title' });
  }
  if (input.author !== undefined) {
    out.author = plainText('author', "The author's name", input.author);
    if (!out.author) throw domainError(400, 'VALIDATION_ERROR', "Enter the author's name.", { field: 'author' });
  }
  if (input.avatar !== undefined) out.avatar = imageUrl('avatar', "The author's avatar", input.avatar);
  if (input.img_url !== undefined) out.imgUrl = imageUrl('img_url', 'The cover image', input.img_url);
  if (input.img_alt !== undefined) out.imgAlt = plainText('img_alt', 'The cover image description', input.img_alt);
  if (input.contents !== undefined) out.contents = sanitizeArticleHtml(input.contents);
  if (input.sub_content !== undefined) out.subContent = plainText('sub_content', 'The summary', input.sub_content);
  return out;
}

export async function createArticle(db: DbOrTx, actor: Actor, input: AdminArticleCreateBody, extra: { aiTopic?: string } = {}): Promise<AdminArticle> {
  const fields = clean(input);
  const contents = fields.contents ?? '';
  const kind: Kind = input.kind ?? 'blog';
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(articles)
      .values({
        kind,
        title: fields.title!,
        author: fields.author!,
        authorId: actor.id,
        avatar: fields.avatar ?? null,
        imgUrl: fields.imgUrl ?? null,
        imgAlt: fields.imgAlt ?? '',
        contents,
        subContent: fields.subContent || summaryFrom(contents),
        published: false,
        aiTopic: extra.aiTopic ?? null,
      })
      .returning();
    await audit(tx, actor, extra.aiTopic ? 'article.ai_draft' : 'article.create', row!, extra.aiTopic ? { topic: extra.aiTopic } : {});
    return row!.id;
  });
  return requireArticle(db, id);
}

export async function updateArticle(db: DbOrTx, announcer: Announcer, actor: Actor, input: AdminArticleUpdateBody, now: Date): Promise<AdminArticle> {
  const { id, ...rest } = input;
  const fields = clean(rest);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
    if (!current) throw domainError(404, 'NOT_FOUND', 'This article does not exist; it may have been deleted.');
    const contents = fields.contents ?? current.contents;
    // An empty summary is made from the text again (docs/product.md, Articles).
    const subContent = fields.subContent !== undefined ? fields.subContent || summaryFrom(contents) : current.subContent || summaryFrom(contents);
    const next = { ...fields, subContent };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== current[key]);
    const [row] = await tx
      .update(articles)
      .set({
        ...next,
        // Editing a published AI article is a fresh review by this administrator.
        ...(current.kind === 'ai' && current.published ? { reviewedBy: actor.id } : {}),
        updatedAt: now,
      })
      .where(eq(articles.id, id))
      .returning();
    await audit(tx, actor, 'article.update', row!, { changed });
  });
  announcer.announce({ kind: 'article changed', articleId: id });
  return requireArticle(db, id);
}

/** Publishing keeps the first publication date; for an AI article it records the reviewer. */
export async function setPublished(db: DbOrTx, announcer: Announcer, actor: Actor, id: number, published: boolean, now: Date): Promise<AdminArticle> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
    if (!current) throw domainError(404, 'NOT_FOUND', 'This article does not exist; it may have been deleted.');
    if (published && textOf(current.contents).length === 0)
      throw domainError(400, 'VALIDATION_ERROR', 'Write the article text before publishing it.', { field: 'contents' });
    const [row] = await tx
      .update(articles)
      .set({
        published,
        publishedAt: published ? (current.publishedAt ?? now) : current.publishedAt,
        ...(published && current.kind === 'ai' ? { reviewedBy: actor.id } : {}),
        updatedAt: now,
      })
      .where(eq(articles.id, id))
      .returning();
    await audit(tx, actor, published ? 'article.publish' : 'article.unpublish', row!, current.published === published ? { unchanged: true } : {});
  });
  announcer.announce({ kind: 'article changed', articleId: id });
  return requireArticle(db, id);
}

export async function deleteArticle(db: DbOrTx, announcer: Announcer, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(articles).where(eq(articles.id, id)).returning();
    if (!row) throw domainError(404, 'NOT_FOUND', 'This article does not exist; it may have been deleted.');
    await audit(tx, actor, 'article.delete', row, { published: row.published });
  });
  announcer.announce({ kind: 'article changed', articleId: id });
}
