// Manage Articles calls (docs/product.md, Articles), administrators only: POST /api/admin/articles/<verb>.
import { Type, type Static } from '@sinclair/typebox';
import { ARTICLE_LIMITS } from '../constants/articles';
import { Id } from './common';

const Kind = Type.Union([Type.Literal('blog'), Type.Literal('ai')]);

export const AdminArticleListBody = Type.Object(
  {
    search: Type.String({ maxLength: 200, default: '' }),
    kind: Type.Optional(Kind),
    published: Type.Optional(Type.Boolean()),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);

const editable = {
  title: Type.String({ minLength: 1, maxLength: ARTICLE_LIMITS.title }),
  author: Type.String({ minLength: 1, maxLength: ARTICLE_LIMITS.author }),
  avatar: Type.Union([Type.String({ maxLength: ARTICLE_LIMITS.url }), Type.Null()]),
  img_url: Type.Union([Type.String({ maxLength: ARTICLE_LIMITS.url }), Type.Null()]),
  img_alt: Type.String({ maxLength: 300 }),
  contents: Type.String({ maxLength: ARTICLE_LIMITS.contents }),
  sub_content: Type.String({ maxLength: ARTICLE_LIMITS.subContent }),
};

export const AdminArticleCreateBody = Type.Object(
  {
    kind: Type.Optional(Kind),
    title: editable.title,
    author: editable.author,
    avatar: Type.Optional(editable.avatar),
    img_url: Type.Optional(editable.img_url),
    img_alt: Type.Optional(editable.img_alt),
    contents: editable.contents,
    sub_content: Type.Optional(editable.sub_content),
  },
  { additionalProperties: false },
);

export const AdminArticleUpdateBody = Type.Object(
  {
    id: Id,
    title: Type.Optional(editable.title),
    author: Type.Optional(editable.author),
    avatar: Type.Optional(editable.avatar),
    img_url: Type.Optional(editable.img_url),
    img_alt: Type.Optional(editable.img_alt),
    contents: Type.Optional(editable.contents),
    sub_content: Type.Optional(editable.sub_content),
  },
  { additionalProperties: false },
);

export const AdminArticleIdBody = Type.Object({ id: Id }, { additionalProperties: false });

export const AiDraftBody = Type.Object({ topic: Type.String({ minLength: 3, maxLength: ARTICLE_LIMITS.topic }) }, { additionalProperties: false });

/** An article as the editor sees it: the public fields plus its state. */
export const AdminArticleSchema = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  title: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  author: Type.String(),
  img_url: Type.Union([Type.String(), Type.Null()]),
  img_alt: Type.String(),
  contents: Type.String(),
  sub_content: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  published: Type.Boolean(),
  published_at: Type.Union([Type.String(), Type.Null()]),
  reviewed_by: Type.Union([Type.String(), Type.Null()], { description: 'Administrator who published (reviewed) an AI-assisted article' }),
  ai_topic: Type.Union([Type.String(), Type.Null()]),
});
export const AdminArticleListSchema = Type.Object({ data: Type.Array(AdminArticleSchema), totalCount: Type.Integer() });

export const AiStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  /** A plain sentence for the editor: how to enable drafts when they are off. */
  message: Type.String(),
});

export const UploadedImageSchema = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() });

export type AdminArticleListBody = Static<typeof AdminArticleListBody>;
export type AdminArticleCreateBody = Static<typeof AdminArticleCreateBody>;
export type AdminArticleUpdateBody = Static<typeof AdminArticleUpdateBody>;
export type AdminArticle = Static<typeof AdminArticleSchema>;
export type AdminArticleList = Static<typeof AdminArticleListSchema>;
export type AiStatus = Static<typeof AiStatusSchema>;
export type UploadedImage = Static<typeof UploadedImageSchema>;
