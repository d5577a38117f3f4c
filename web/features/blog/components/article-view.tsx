// One article: /singlepost/:id (the id is sent with its leading colon, spec section 2) and
// /ai-singlepost/:id (the colon is stripped; a failure shows 'Server Error', spec section 8).
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePageTitle } from '../../../lib/use-page-title';
import type { ArticleKind } from '../api/article-kind';
import { isMissingArticle, useGetArticleQuery } from '../api/get-article';
import { AuthorLine } from './author-line';

export function ArticleView({ kind }: { kind: ArticleKind }) {
  const { id = '' } = useParams();
  const { currentData: article, error } = useGetArticleQuery({ kind, id });
  const missing = isMissingArticle(error);
  usePageTitle(article?.title ?? 'Article');

  const back = kind === 'ai' ? { to: '/ai-blogpage', label: 'All articles' } : { to: '/blogpage', label: 'All blog articles' };
  if (missing) {
    return (
      <section className="container narrow not-found">
        <h1>Article not found</h1>
        <p>This article does not exist or is no longer published.</p>
        <Link className="button button-primary" to={back.to}>
          {back.label}
        </Link>
      </section>
    );
  }
  if (!article) return <PageLoader />;

  return (
    <article className="container narrow article-page">
      <p className="eyebrow">
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1>{article.title}</h1>
      {kind === 'blog' && <AuthorLine author={article.author} avatar={article.avatar} date={article.created_at} />}
      {kind === 'ai' && (
        <p className="notice">
          <span className="badge">AI-assisted</span> Drafted with AI assistance{article.reviewed_by ? ` and reviewed by ${article.reviewed_by}` : ' and reviewed by our editors'}.
        </p>
      )}
      {article.img_url && <img className="article-hero" src={article.img_url} alt="" width={960} height={480} />}
      {/* Sanitised on the server with an allow-list when saved (decisions.md section 8). */}
      <div className="prose article-contents" dangerouslySetInnerHTML={{ __html: article.contents }} />
      {kind === 'ai' && <AuthorLine author={article.author} avatar={article.avatar} date={article.created_at} />}
    </article>
  );
}
