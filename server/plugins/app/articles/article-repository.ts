// Published articles for the public pages: newest first, matching title, summary or text.
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { articles, users } from '../../../db/schema';
import type { Article, ArticleList, ArticleSearchBody } from '../../../../shared/schemas/article';

type Kind = 'blog' | 'ai';
const reviewer = alias(users, 'reviewer');

/** The stored fields every article answer shows, readers' and editors' alike. */
export type ArticleFields = Pick<typeof articles.$inferSelect, 'id' | 'kind' | 'title' | 'avatar' | 'author' | 'imgUrl' | 'imgAlt' | 'contents' | 'subContent'>;

/** The reviewer's name as it is shown, or null when nobody reviewed the article. */
export const reviewerName = (first: string | null, last: string | null): string | null => (first ? `${first} ${last ?? ''}`.trim() : null);

/**
 * The one article presenter (docs/product.md, Articles). Its caller says which date is shown as
 * created_at and whose review is named: readers see the publication date and only an AI article's
 * reviewer; the editor adds its own fields around this (article-editor.ts).
 */
export function presentArticle(row: ArticleFields, shown: { createdAt: Date; reviewedBy: string | null }): Article {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    avatar: row.avatar,
    author: row.author,
    img_url: row.imgUrl,
    img_alt: row.imgAlt,
    contents: row.contents,
    sub_content: row.subContent,
    created_at: shown.createdAt.toISOString(),
    reviewed_by: shown.reviewedBy,
  };
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function publishedOf(kind: Kind, search: string): SQL {
  const base = and(eq(articles.kind, kind), eq(articles.published, true))!;
  const term = search.trim();
  if (!term) return base;
  const pattern = `%${escapeLike(term)}%`;
  return and(base, or(ilike(articles.title, pattern), ilike(articles.subContent, pattern), ilike(articles.contents, pattern)))!;
}

/** An article with the name of whoever reviewed it, as the public reads and the editor both select it. */
export interface ArticleWithReviewer {
  article: typeof articles.$inferSelect;
  reviewerFirst: string | null;
  reviewerLast: string | null;
}
const selectWithReviewer = (db: DbOrTx) =>
  db
    .select({ article: articles, reviewerFirst: reviewer.firstName, reviewerLast: reviewer.lastName })
    .from(articles)
    .leftJoin(reviewer, eq(reviewer.id, articles.reviewedBy));

/** One page of the articles matching `where`, newest `date` first, and how many match in all. */
export async function articlePage(
  db: DbOrTx,
  where: SQL | undefined,
  date: typeof articles.publishedAt | typeof articles.updatedAt,
  page: { number: number; size: number },
): Promise<{ rows: ArticleWithReviewer[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    selectWithReviewer(db)
      .where(where)
      .orderBy(desc(date), desc(articles.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The one article matching `where`, with its reviewer's name. */
export async function findArticleWithReviewer(db: DbOrTx, where: SQL): Promise<ArticleWithReviewer | undefined> {
  const [row] = await selectWithReviewer(db).where(where);
  return row;
}

function present({ article, reviewerFirst, reviewerLast }: ArticleWithReviewer): Article {
  return presentArticle(article, {
    createdAt: article.publishedAt ?? article.createdAt,
    reviewedBy: article.kind === 'ai' ? reviewerName(reviewerFirst, reviewerLast) : null,
  });
}

export async function searchPublishedArticles(db: DbOrTx, kind: Kind, query: ArticleSearchBody): Promise<ArticleList> {
  const { rows, total } = await articlePage(db, publishedOf(kind, query.searchVal), articles.publishedAt, { number: query.currentVal, size: query.pageSize });
  return { data: rows.map(present), totalCount: total };
}

export async function findPublishedArticle(db: DbOrTx, kind: Kind, id: number): Promise<Article | undefined> {
  const row = await findArticleWithReviewer(db, and(eq(articles.id, id), eq(articles.kind, kind), eq(articles.published, true))!);
  return row ? present(row) : undefined;
}
