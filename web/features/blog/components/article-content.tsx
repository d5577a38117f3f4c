// An article as readers see it: title, author or the 'AI-assisted' disclosure, cover and text.
// The public article pages and the editor's preview both render this one component.
import type { ReactNode } from 'react';
import type { Article } from '../../../../shared/schemas/article';
import { AuthorLine } from './author-line';
import '../blog.css';

type Shown = Pick<Article, 'kind' | 'title' | 'author' | 'avatar' | 'img_url' | 'img_alt' | 'contents' | 'created_at' | 'reviewed_by'>;

export function ArticleContent({ article, eyebrow }: { article: Shown; eyebrow?: ReactNode }) {
  const ai = article.kind === 'ai';
  return (
    <article className="container narrow article-page">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1>{article.title}</h1>
      {!ai && <AuthorLine author={article.author} avatar={article.avatar} date={article.created_at} />}
      {ai && (
        // Published AI articles say so and name their reviewer (docs/product.md, Articles).
        <p className="notice ai-disclosure">
          <span className="badge">AI-assisted</span> Drafted with AI assistance
          {article.reviewed_by ? ` and reviewed by ${article.reviewed_by}` : ' and reviewed by our editors'}.
        </p>
      )}
      {article.img_url && <img className="article-hero" src={article.img_url} alt={article.img_alt} fetchPriority="high" width={960} height={480} />}
      {/* Sanitised on the server with an allow-list when saved (docs/product.md, Articles). */}
      <div className="prose article-contents" dangerouslySetInnerHTML={{ __html: article.contents }} />
      {ai && <AuthorLine author={article.author} avatar={article.avatar} date={article.created_at} />}
    </article>
  );
}
