// The article list of /blogpage and /ai-blogpage (docs/product.md, Screens and routes: blog list): keyword search on
// button click, cards, 'Total {n} items' pagination with a size changer above 50, 'Searching...'.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BLOG_DEFAULTS, MESSAGES } from '../../../../shared/constants/messages';
import { Pagination } from '../../../components/ui/pagination';
import { articlesApi, type Article, type ArticleKind } from '../api/articles-api';
import { AuthorLine } from './author-line';

function ArticleCard({ article, kind }: { article: Article; kind: ArticleKind }) {
  const to = kind === 'ai' ? `/ai-singlepost/:${article.id}` : `/singlepost/:${article.id}`;
  return (
    <article className="card article-card">
      {article.img_url ? (
        <img className="article-image" src={article.img_url} alt="" loading="lazy" width={640} height={320} />
      ) : (
        <div className={`article-image article-image-fallback hue-${article.id % 4}`} aria-hidden="true">
          <span>{article.title.slice(0, 1)}</span>
        </div>
      )}
      <div className="article-body">
        {kind === 'ai' && <span className="badge">AI-assisted</span>}
        <h2 className="article-title">{article.title}</h2>
        <AuthorLine author={article.author} avatar={article.avatar} date={article.created_at} />
        <p className="article-summary">{article.sub_content}</p>
        <Link className="button" to={to} aria-label={`Read Full Article: ${article.title}`}>
          Read Full Article...
        </Link>
      </div>
    </article>
  );
}

export function ArticleList({ kind }: { kind: ArticleKind }) {
  const [keyword, setKeyword] = useState('');
  const [searchVal, setSearchVal] = useState('');
  const [page, setPage] = useState<number>(BLOG_DEFAULTS.page);
  const [pageSize, setPageSize] = useState<number>(BLOG_DEFAULTS.pageSize);
  const [loading, setLoading] = useState(true);
  const [result, setResult] = useState<{ data: Article[]; totalCount: number }>();

  useEffect(() => {
    let current = true;
    setLoading(true);
    articlesApi
      .search(kind, { pageSize, currentVal: page, searchVal })
      .then(({ data }) => {
        if (!current) return;
        setResult(data);
        setLoading(false);
      })
      // Spec section 8: on failure the error toast shows (API client) and the spinner stays on.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [kind, page, pageSize, searchVal]);

  const search = () => {
    setPage(1);
    setSearchVal(keyword.trim());
  };

  return (
    <>
      <div className="keyword-search" role="search">
        <input aria-label="Key word" placeholder="Enter the key word" value={keyword} onChange={(e) => setKeyword(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
        <button type="button" className="button button-primary" onClick={search}>
          Search
        </button>
      </div>
      <div className="article-results" aria-busy={loading}>
        {loading && (
          <div className="searching-overlay" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{MESSAGES.searching}</span>
          </div>
        )}
        <div className="article-grid">
          {result?.data.map((article) => (
            <ArticleCard key={article.id} article={article} kind={kind} />
          ))}
          {result && result.data.length === 0 && !loading && (
            <p className="empty-state">No articles match “{searchVal}”. Try another key word.</p>
          )}
          {!result && <div className="article-grid-placeholder" />}
        </div>
      </div>
      {result && result.totalCount > 0 && (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={result.totalCount}
          onChange={(nextPage, nextSize) => {
            setPageSize(nextSize);
            setPage(nextPage);
          }}
        />
      )}
    </>
  );
}
