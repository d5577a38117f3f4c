// Blog articles and AI articles have the same calls under two prefixes (docs/product.md, Articles).
export type ArticleKind = 'blog' | 'ai';

export const articlesPath = (kind: ArticleKind) => (kind === 'ai' ? '/ai_articles' : '/articles');
