// The article list of /blogpage and /ai-blogpage (docs/product.md, Screens and routes: blog list): keyword search on
// button click, cards, 'Total {n} items' pagination with a size changer above 50, 'Searching...'.
// Page, size and term live in the URL (?page=&size=&q=), so a list can be shared and survives reload.
import { routePath } from '../../../../shared/routes';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BLOG_DEFAULTS } from '../../../../shared/constants/messages';
import { Pagination } from '../../../components/ui/pagination';
import { SearchingOverlay } from '../../../components/ui/searching-overlay';
import type { Article } from '../../../../shared/schemas/article';
import type { ArticleKind } from '../api/article-kind';
import { useSearchArticlesQuery } from '../api/search-articles';
import { AuthorLine } from './author-line';
import '../blog.css';

/** `first`: the card at the top of the list, whose image is likely the largest paint of a phone's first screen. */
function ArticleCard({ article, kind, first = false }: { article: Article; kind: ArticleKind; first?: boolean }) {
  // NOTE: the legacy addresses carry a colon before the id (`/singlepost/:12`, docs/product.md, Screens and routes).
  const to = routePath(kind === 'ai' ? 'aiArticle' : 'article', { id: `:${article.id}` });
  const titleId = `${kind}-article-${article.id}-title`;
  return (
    <article className="card article-card">
      {article.img_url ? (
        <img
          className="article-image"
          src={article.img_url}
          alt={article.img_alt}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          width={640}
          height={320}
        />
      ) : (
        <div className={`article-image article-image-fallback hue-${article.id % 4}`} aria-hidden="true">
          <span>{article.title.slice(0, 1)}</span>
        </div>
      )}
      <div className="article-body">
        {kind === 'ai' && <span className="badge">AI-assisted</span>}
        <h2 className="article-title" id={titleId}>
          {article.title}
        </h2>
        <AuthorLine author={article.author} avatar={article.avatar} date={article.created_at} />
        <p className="article-summary">{article.sub_content}</p>
        {/* The link's name is the spec's label exactly; the card's title describes it (docs/product.md, blog list). */}
        <Link className="button" to={to} aria-describedby={titleId}>
          Read Full Article...
        </Link>
      </div>
    </article>
  );
}

/** The list's state as the URL holds it; anything malformed falls back to the spec's defaults. */
function listState(params: URLSearchParams) {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    searchVal: (params.get('q') ?? '').slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : BLOG_DEFAULTS.page,
    pageSize: (BLOG_DEFAULTS.pageSizeOptions as readonly number[]).includes(size) ? size : BLOG_DEFAULTS.pageSize,
  };
}

export function ArticleList({ kind }: { kind: ArticleKind }) {
  const [params, setParams] = useSearchParams();
  const { searchVal, page, pageSize } = listState(params);
  const [keyword, setKeyword] = useState(searchVal);
  // `data` keeps the last list on screen under the overlay while the next one loads. A failure has
  // shown its toast (API client) and the 'Searching...' spinner stays on (docs/product.md, Messages).
  const { data: result, isFetching, isError, refetch } = useSearchArticlesQuery({ kind, pageSize, currentVal: page, searchVal });
  const loading = isFetching || isError;

  const go = (next: { searchVal: string; page: number; pageSize: number }) => {
    const query = new URLSearchParams();
    if (next.searchVal) query.set('q', next.searchVal);
    if (next.page !== BLOG_DEFAULTS.page) query.set('page', String(next.page));
    if (next.pageSize !== BLOG_DEFAULTS.pageSize) query.set('size', String(next.pageSize));
    setParams(query);
  };

  const search = () => {
    const term = keyword.trim();
    // The same search again asks the server again: that is how a failed search is retried.
    if (term === searchVal && page === BLOG_DEFAULTS.page) void refetch();
    else go({ searchVal: term, page: BLOG_DEFAULTS.page, pageSize });
  };

  return (
    <>
      <div className="keyword-search" role="search">
        <input
          aria-label="Key word"
          placeholder="Enter the key word"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
        />
        <button type="button" className="button button-primary" onClick={search}>
          Search
        </button>
      </div>
      <div className="article-results" aria-busy={loading}>
        {loading && <SearchingOverlay />}
        <div className="article-grid">
          {result?.data.map((article, index) => (
            <ArticleCard key={article.id} article={article} kind={kind} first={index === 0} />
          ))}
          {result && result.data.length === 0 && !loading && <p className="empty-state">No articles match “{searchVal}”. Try another key word.</p>}
          {!result && <div className="article-grid-placeholder" />}
        </div>
      </div>
      {/* Also for no match: the spec's pagination shows 'Total {n} items', 'Total 0 items' included. */}
      {result && (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={result.totalCount}
          onChange={(nextPage, nextSize) => go({ searchVal, page: nextPage, pageSize: nextSize })}
        />
      )}
    </>
  );
}
