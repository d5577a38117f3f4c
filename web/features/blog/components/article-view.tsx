// One article: /singlepost/:id (the id is sent with its leading colon, docs/product.md, Screens and routes) and
// /ai-singlepost/:id (the colon is stripped; a failure shows 'Server Error', docs/product.md, Messages).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { articlesApi, type Article, type ArticleKind } from '../api/articles-api';
import { AuthorLine } from './author-line';

export function ArticleView({ kind }: { kind: ArticleKind }) {
  const { id = '' } = useParams();
  const [article, setArticle] = useState<Article>();
  const [missing, setMissing] = useState(false);
  usePageTitle(article?.title ?? 'Article');

  useEffect(() => {
    let current = true;
    setArticle(undefined);
    setMissing(false);
    const request = kind === 'ai' ? articlesApi.getById('ai', Number(id.replace(/^:/, '')) || 0, { silent: true }) : articlesApi.getById('blog', id, { silent: true });
    request
      .then(({ data }) => current && setArticle(data))
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setMissing(true);
        else toast.error(kind === 'ai' ? MESSAGES.serverError : error instanceof ApiError ? error.message : MESSAGES.serverDisconnected);
      });
    return () => {
      current = false;
    };
  }, [id, kind]);

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
      {/* Sanitised on the server with an allow-list when saved (docs/product.md, Articles). */}
      <div className="prose article-contents" dangerouslySetInnerHTML={{ __html: article.contents }} />
      {kind === 'ai' && <AuthorLine author={article.author} avatar={article.avatar} date={article.created_at} />}
    </article>
  );
}
