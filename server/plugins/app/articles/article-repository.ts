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

const columns = {
  id: articles.id,
  kind: articles.kind,
  title: articles.title,
  avatar: articles.avatar,
  author: articles.author,
  imgUrl: articles.imgUrl,
  imgAlt: articles.imgAlt,
  contents: articles.contents,
  subContent: articles.subContent,
  createdAt: articles.createdAt,
  publishedAt: articles.publishedAt,
  reviewerFirst: reviewer.firstName,
  reviewerLast: reviewer.lastName,
};

type Row = { [K in keyof typeof columns]: unknown } & {
  id: number;
  kind: Kind;
  title: string;
  avatar: string | null;
  author: string;
  imgUrl: string | null;
  imgAlt: string;
  contents: string;
  subContent: string;
  createdAt: Date;
  publishedAt: Date | null;
  reviewerFirst: string | null;
  reviewerLast: string | null;
};

function present(row: Row): Article {
  return presentArticle(row, {
    createdAt: row.publishedAt ?? row.createdAt,
    reviewedBy: row.kind === 'ai' ? reviewerName(row.reviewerFirst, row.reviewerLast) : null,
  });
}

export async function searchPublishedArticles(db: DbOrTx, kind: Kind, query: ArticleSearchBody): Promise<ArticleList> {
  const where = publishedOf(kind, query.searchVal);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(articles)
      .leftJoin(reviewer, eq(reviewer.id, articles.reviewedBy))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(query.pageSize)
      .offset((query.currentVal - 1) * query.pageSize),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { data: (rows as Row[]).map(present), totalCount: total?.n ?? 0 };
}

export async function findPublishedArticle(db: DbOrTx, kind: Kind, id: number): Promise<Article | undefined> {
  const [row] = await db
    .select(columns)
    .from(articles)
    .leftJoin(reviewer, eq(reviewer.id, articles.reviewedBy))
    .where(and(eq(articles.id, id), eq(articles.kind, kind), eq(articles.published, true)));
  return row ? present(row as Row) : undefined;
}
