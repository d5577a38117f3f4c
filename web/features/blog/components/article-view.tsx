// One article: /singlepost/:id (the id is sent with its leading colon, docs/product.md, Screens and routes) and
// /ai-singlepost/:id (the colon is stripped; a failure shows 'Server Error', docs/product.md, Messages).
// An id that does not exist shows the site's not-found page; a failed load offers a retry.
import { paths } from '../../../../shared/routes';
import { Link, useParams } from 'react-router';
import NotFoundPage from '../../../app/layout/not-found-page';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePageTitle } from '../../../lib/use-page-title';
import type { ArticleKind } from '../api/article-kind';
import { isMissingArticle, useGetArticleQuery } from '../api/get-article';
import { ArticleContent } from './article-content';

export function ArticleView({ kind }: { kind: ArticleKind }) {
  const { id = '' } = useParams();
  const { currentData: article, error, isFetching, refetch } = useGetArticleQuery({ kind, id });
  usePageTitle(article?.title ?? 'Article');

  const back = kind === 'ai' ? { to: paths.aiBlog, label: 'All articles' } : { to: paths.blog, label: 'All blog articles' };
  if (isMissingArticle(error)) return <NotFoundPage />;
  if (error && !article) {
    // The toast has said what went wrong (get-article.ts); the page offers the way forward.
    return (
      <section className="container narrow not-found" aria-live="polite">
        <h1>This article could not be loaded</h1>
        <p>The server did not answer as expected. Check your connection and try again.</p>
        <div className="actions">
          <button type="button" className="button button-primary" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Trying again…' : 'Try again'}
          </button>
          <Link className="button" to={back.to}>
            {back.label}
          </Link>
        </div>
      </section>
    );
  }
  if (!article) return <PageLoader />;
  return <ArticleContent article={article} eyebrow={<Link to={back.to}>{back.label}</Link>} />;
}
