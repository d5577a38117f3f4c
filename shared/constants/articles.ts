// The lengths an article's fields may have (docs/product.md, Articles): the editor's inputs and the server's schemas read them.
export const ARTICLE_LIMITS = {
  title: 200,
  author: 120,
  subContent: 400,
  /** Characters of stored (sanitised) HTML. */
  contents: 200_000,
  url: 2_000,
  topic: 300,
} as const;
