// Article calls (docs/product.md, Calls, docs/product.md, Articles).
import { Type, type Static } from '@sinclair/typebox';
import { ColonId } from './common';

export const ArticleSearchBody = Type.Object(
  {
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10, title: 'page size' }),
    currentVal: Type.Integer({ minimum: 1, maximum: 100_000, default: 1, title: 'page number' }),
    searchVal: Type.String({ maxLength: 200, default: '', title: 'search words' }),
  },
  { additionalProperties: false },
);
/** /singlepost sends ':12' (docs/product.md, Screens and routes); the server strips a leading colon. */
export const ArticleIdBody = Type.Object({ id: ColonId }, { additionalProperties: false });

export const ArticleSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('blog'), Type.Literal('ai')]),
  title: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  author: Type.String(),
  img_url: Type.Union([Type.String(), Type.Null()]),
  img_alt: Type.String({ description: 'Alt text of the cover image' }),
  contents: Type.String(),
  sub_content: Type.String(),
  created_at: Type.String(),
  reviewed_by: Type.Union([Type.String(), Type.Null()], { description: 'Name of the administrator who reviewed an AI-assisted article' }),
});
export const ArticleListSchema = Type.Object({ data: Type.Array(ArticleSchema), totalCount: Type.Integer() });

export type ArticleSearchBody = Static<typeof ArticleSearchBody>;
export type Article = Static<typeof ArticleSchema>;
export type ArticleList = Static<typeof ArticleListSchema>;
